import { useEffect } from 'react';
import { getSupabase } from '../../lib/supabaseClient.ts';

let verified = false;

/**
 * Once per page load, on the first guarded page, asks the server whether the session is still alive. auth-js trusts a
 * stored session until its access token expires, but "Sign out everywhere" (or a password change elsewhere) deletes
 * it on the server: GET /auth/v1/user then answers 403 session_not_found, auth-js drops the stored session and fires
 * SIGNED_OUT, and the guard sends the visitor to /auth. Network errors change nothing.
 */
export function useVerifyStoredSession(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn || verified) return;
    verified = true;
    void getSupabase().auth.getUser();
  }, [signedIn]);
}
