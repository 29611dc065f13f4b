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
