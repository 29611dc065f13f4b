import { useNavigate } from 'react-router-dom';
import { toaster } from '../../components/toaster.ts';
import { getSupabase } from './supabaseClient.ts';

/**
 * Signs out and goes to / (spec §2). It leaves the page first: signing out on a guarded page would otherwise
 * send the guard's redirect to /auth before ours.
 */
export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    // navigate() resolves once the lazy landing route has loaded, and flushSync commits it before signOut: the
    // router renders navigations in a transition, and the urgent SIGNED_OUT update would otherwise reach the still-mounted guard first (→ /auth instead of /).
    await navigate('/', { replace: true, flushSync: true });
    const { error } = await getSupabase().auth.signOut();
    if (error) toaster.create({ title: 'Error', description: error.message, type: 'error', closable: true });
  };
}
