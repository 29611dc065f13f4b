import { atom } from 'jotai';
import type { Session, User } from '@supabase/supabase-js';

export type AuthState =
  | { status: 'loading' }
  | { status: 'signedIn'; user: User; session: Session }
  | { status: 'signedOut' }
  | { status: 'unavailable'; message: string };

/** Written only by the onAuthStateChange listener (authSync.ts); everything else reads it. */
export const authStateAtom = atom<AuthState>({ status: 'loading' });

export const isSignedInAtom = atom((get) => get(authStateAtom).status === 'signedIn');

/**
 * Set when this tab's user asked to sign out (Sign Out, Sign out everywhere), cleared by the next SIGNED_IN. A guarded
 * page that sees the session end then goes to / as the spec says, not to /auth with a "come back here" note: the
 * guard may still be on screen when SIGNED_OUT arrives, as the router renders the navigation to / in a transition.
 */
export const signOutRequestedAtom = atom(false);
