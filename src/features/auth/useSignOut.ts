import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { signOutRequestedAtom } from './authStateAtom.ts';
import { showToast } from './showToast.ts';
import { getSupabase } from '../../lib/supabaseClient.ts';

/**
 * Signs out (this session, or with 'global' every session of the account) and goes to / (spec §2); resolves to
 * whether it worked, an error having been shown. `signOutRequestedAtom` tells a guarded page still on screen
 * when SIGNED_OUT arrives to follow us to / rather than send the visitor to /auth.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const setSignOutRequested = useSetAtom(signOutRequestedAtom);
  return async (scope: 'local' | 'global' = 'local'): Promise<boolean> => {
    setSignOutRequested(true);
    void navigate('/', { replace: true });
    const { error } = await getSupabase().auth.signOut({ scope });
    if (!error) return true;
    setSignOutRequested(false);
    showToast({ title: 'Error', description: error.message }, 'error');
    return false;
  };
}
