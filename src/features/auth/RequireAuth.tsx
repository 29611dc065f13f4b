import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Center, Spinner, Text, VStack } from '@chakra-ui/react';
import { authStateAtom, signOutRequestedAtom } from './authStateAtom.ts';
import { useVerifyStoredSession } from './useVerifyStoredSession.ts';

/**
 * Guards /dashboard/*. While the first session is unknown it shows a spinner, never dashboard content;
 * a signed-out visitor goes to /auth and comes back here after signing in, one who has just signed out goes to /.
 */
export function RequireAuth() {
  const auth = useAtomValue(authStateAtom);
  const signOutRequested = useAtomValue(signOutRequestedAtom);
  const location = useLocation();
  useVerifyStoredSession(auth.status === 'signedIn');
  if (auth.status === 'loading') {
    return (
      <Center as="main" minH="60vh" aria-busy="true">
        <VStack>
          <Spinner size="lg" aria-hidden="true" />
          <Text>Checking your session…</Text>
        </VStack>
      </Center>
    );
  }
  if (auth.status !== 'signedIn') {
    if (signOutRequested) return <Navigate to="/" replace />;
    return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}
