import { useAtomValue } from 'jotai';
import { authStateAtom } from '../auth/authStateAtom.ts';
import { effectiveTimeZone } from './timeZone.ts';

/**
 * The zone analytics are shown in: the signed-in user's saved zone, else this device's. It follows the session's
 * user, so a save in Settings (USER_UPDATED) reaches every page at once.
 */
export function useTimeZone(): string {
  const auth = useAtomValue(authStateAtom);
  return effectiveTimeZone(auth.status === 'signedIn' ? auth.user.user_metadata : undefined);
}
