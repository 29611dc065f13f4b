import { useState } from 'react';
import { Button, Dialog, Text } from '@chakra-ui/react';
import { DialogShell } from '../../components/DialogShell.tsx';
import { showToast } from '../auth/showToast.ts';
import { useSignOut } from '../auth/useSignOut.ts';

/**
 * `signOut({ scope: 'global' })` after a confirmation: every session of the account ends on the server, so other
 * browsers lose theirs when they next ask the server (the app checks a stored session once on load).
 */
export function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const signOut = useSignOut();

  const confirm = async () => {
    setBusy(true);
    if (await signOut('global')) {
      showToast(
        { title: 'Signed out everywhere', description: 'Every device signed in to your account has been signed out.' },
        'success',
      );
    }
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      role="alertdialog"
      trigger={
        <Button colorPalette="red" variant="outline">
          Sign out everywhere
        </Button>
      }
    >
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
    </DialogShell>
  );
}
