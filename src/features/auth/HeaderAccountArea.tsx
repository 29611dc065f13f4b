import { Link as RouterLink } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Box, Button, Stack } from '@chakra-ui/react';
import { LazyAccountMenu } from './LazyAccountMenu.tsx';
import { authStateAtom } from './authStateAtom.ts';

export interface HeaderAccountAreaProps {
  /** `header`: inline in the fixed header; `drawer`: stacked full width in the small-screen drawer. */
  placement: 'header' | 'drawer';
  /** Called after a link is followed (the drawer closes itself with it). */
  onNavigate?: () => void;
}

/**
 * The header's sign-in area (spec §2). Signed in: the Account menu (Dashboard, Sign Out). Signed out: Login
 * (hidden on small screens) and Start Free Trial, both to /auth. While the session is still unknown it keeps
 * the space without showing anything.
 */
export function HeaderAccountArea({ placement, onNavigate }: HeaderAccountAreaProps) {
  const auth = useAtomValue(authStateAtom);
  // Until the session is known (and in the prerendered HTML) the signed-out buttons hold their place, invisible:
  // a signed-in visitor never sees "Login" flash, and a signed-out one sees them appear without a layout shift.
  if (auth.status === 'loading') {
    return (
      <Box display="contents" visibility="hidden" data-testid="account-area-pending">
        <SignedOutActions placement={placement} onNavigate={onNavigate} />
      </Box>
    );
  }
  if (auth.status === 'signedIn')
    return <LazyAccountMenu placement={placement} onNavigate={onNavigate} email={auth.user.email} />;
  return <SignedOutActions placement={placement} onNavigate={onNavigate} />;
}

function SignedOutActions({ placement, onNavigate }: HeaderAccountAreaProps) {
  if (placement === 'drawer') {
    return (
      <Stack w="full" gap="2">
        <Button asChild variant="outline" w="full">
          <RouterLink to="/auth" onClick={onNavigate}>
            Login
          </RouterLink>
        </Button>
        <Button asChild colorPalette="brand" w="full">
          <RouterLink to="/auth" onClick={onNavigate}>
            Start Free Trial
          </RouterLink>
        </Button>
      </Stack>
    );
  }
  return (
    <>
      <Button asChild variant="ghost" size="sm" display={{ base: 'none', md: 'inline-flex' }}>
        <RouterLink to="/auth">Login</RouterLink>
      </Button>
      <Button asChild colorPalette="brand" size="sm">
        <RouterLink to="/auth">Start Free Trial</RouterLink>
      </Button>
    </>
  );
}
