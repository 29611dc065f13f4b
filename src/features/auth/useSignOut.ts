import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { toaster } from '../../components/toaster.ts';
import { signOutRequestedAtom } from './authStateAtom.ts';
import { getSupabase } from './supabaseClient.ts';

/**
 * Signs out and goes to / (spec §2). `signOutRequestedAtom` tells a guarded page still on screen when SIGNED_OUT
 * arrives to follow us to / rather than send the visitor to /auth.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const setSignOutRequested = useSetAtom(signOutRequestedAtom);
  return async () => {
    setSignOutRequested(true);
    await navigate('/', { replace: true });
    const { error } = await getSupabase().auth.signOut();
    if (!error) return;
    setSignOutRequested(false);
    toaster.create({ title: 'Error', description: error.message, type: 'error', closable: true });
  };
}
