import { useEffect, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { signOutRequestedAtom } from '../auth/authStateAtom.ts';
import { showToast } from '../auth/showToast.ts';
import { getSupabase } from '../auth/supabaseClient.ts';

/**
 * `signOut({ scope: 'global' })` after a confirmation: every session of the account ends on the server, so other
 * browsers lose theirs when they next ask the server (the app checks a stored session once on load).
 */
export function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const setSignOutRequested = useSetAtom(signOutRequestedAtom);

  // Resolved when this component unmounts, i.e. when the landing page has replaced the dashboard on screen.
  const leftPage = useRef<(() => void) | null>(null);
  useEffect(() => () => leftPage.current?.(), []);

  const confirm = async () => {
    setBusy(true);
    setSignOutRequested(true);
    // Leave the guarded page first, and sign out only once it is gone: the router renders a navigation in a
    // transition, and a SIGNED_OUT arriving while the guard is still mounted would send us to /auth instead of /.
    const left = new Promise<void>((resolve) => {
      leftPage.current = resolve;
    });
    void navigate('/', { replace: true, flushSync: true });
    await left;
    const { error } = await getSupabase().auth.signOut({ scope: 'global' });
    if (error) {
      setSignOutRequested(false);
      showToast({ title: 'Error', description: error.message }, 'error');
      return;
    }
    showToast({ title: 'Signed out everywhere', description: 'Every device signed in to your account has been signed out.' }, 'success');
  };

  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} role="alertdialog" placement="center">
      <Dialog.Trigger asChild>
        <Button colorPalette="red" variant="outline">
          Sign out everywhere
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Sign out everywhere?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>This signs you out on every device and browser, including this one. You will need to sign in again.</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" loading={busy} loadingText="Signing out..." onClick={() => void confirm()}>
                Sign out everywhere
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
