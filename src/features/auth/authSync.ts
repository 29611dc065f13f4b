import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import type { createStore } from 'jotai';
import { linkResultAtom, passwordRecoveryAtom, readLinkResult } from './authLinkResult.ts';
import { authStateAtom, signOutRequestedAtom, type AuthState } from './authStateAtom.ts';
import { authStorageKey, readSupabaseConfig } from '../../lib/supabaseConfig.ts';
import { onSupabaseClientCreated } from '../../lib/supabaseClientRegistry.ts';

type Store = ReturnType<typeof createStore>;

/**
 * Maps one auth event (spec §4) to the next state. INITIAL_SESSION ends `loading`; SIGNED_IN, TOKEN_REFRESHED,
 * USER_UPDATED and MFA_CHALLENGE_VERIFIED carry the current session; SIGNED_OUT (also fired when a refresh fails
 * for good and the stored session is dropped) signs out. PASSWORD_RECOVERY carries a session too.
 */
export function nextAuthState(event: AuthChangeEvent, session: Session | null): AuthState {
  switch (event) {
    case 'SIGNED_OUT':
      return { status: 'signedOut' };
    case 'INITIAL_SESSION':
    case 'SIGNED_IN':
    case 'TOKEN_REFRESHED':
    case 'USER_UPDATED':
    case 'MFA_CHALLENGE_VERIFIED':
    case 'PASSWORD_RECOVERY':
      return session ? { status: 'signedIn', user: session.user, session } : { status: 'signedOut' };
    default:
      return session ? { status: 'signedIn', user: session.user, session } : { status: 'signedOut' };
  }
}

interface StorageChange {
  key: string | null;
  newValue: string | null;
}

/** The part of `window` auth sync uses (typed structurally: this module is also type-checked for node tests). */
export interface AuthSyncHost {
  localStorage: { getItem(key: string): string | null };
  location: { hash: string };
  addEventListener(type: 'storage', listener: (event: StorageChange) => void): void;
  removeEventListener(type: 'storage', listener: (event: StorageChange) => void): void;
}

/** True when the page URL carries an implicit-flow auth result (`#access_token=…` or `#error_description=…`). */
function urlCarriesAuthResult(hash: string): boolean {
  return /(?:^#|&)(?:access_token|error_description)=/.test(hash);
}

/**
 * Feeds the store's `authStateAtom` from supabase-js. supabase-js (about 50 KB gzip) is its own chunk and is
 * loaded at start-up only when it has something to restore: a stored session or an auth result in the URL. A
 * visitor without either is signed out at once, and the client loads when a page first needs it (the auth forms,
 * the dashboard) or when another tab signs in. The listener must not await other auth calls (auth-js holds its
 * lock while it runs), so it only sets state.
 */
export async function startAuthSync(store: Store, win: AuthSyncHost): Promise<void> {
  // What a mailed link brought back, read before supabase-js consumes (and clears) the fragment.
  store.set(linkResultAtom, readLinkResult(win.location.hash));
  onSupabaseClientCreated((client) => {
    client.auth.onAuthStateChange((event, session) => {
      if (event === 'SIGNED_IN') store.set(signOutRequestedAtom, false);
      if (event === 'PASSWORD_RECOVERY') store.set(passwordRecoveryAtom, true);
      store.set(authStateAtom, nextAuthState(event, session));
    });
  });
  const loadClient = async () => {
    try {
      const { getSupabase } = await import('../../lib/supabaseClient.ts');
      getSupabase();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      store.set(authStateAtom, { status: 'unavailable', message });
    }
  };
  let storageKey: string;
  try {
    storageKey = authStorageKey(readSupabaseConfig().url);
  } catch {
    await loadClient(); // reports the configuration error through the same path
    return;
  }
  if (win.localStorage.getItem(storageKey) !== null || urlCarriesAuthResult(win.location.hash)) {
    await loadClient();
    return;
  }
  store.set(authStateAtom, { status: 'signedOut' });
  const onStorage = (event: StorageChange) => {
    if (event.key !== storageKey || event.newValue === null) return;
    win.removeEventListener('storage', onStorage);
    void loadClient();
  };
  win.addEventListener('storage', onStorage);
}
