import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { authStateAtom } from '../../../src/features/auth/authStateAtom.ts';
import { startAuthSync, type AuthSyncHost } from '../../../src/features/auth/authSync.ts';
import { authStorageKey } from '../../../src/lib/supabaseConfig.ts';

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

function fakeHost(stored: Record<string, string>, hash = '') {
  const listeners = new Set<(event: { key: string | null; newValue: string | null }) => void>();
  const host: AuthSyncHost = {
    localStorage: { getItem: (key) => stored[key] ?? null },
    location: { hash },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  return { host, listeners };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('auth sync start-up', () => {
  it('uses the same storage key supabase-js picks by default', () => {
    for (const url of ['http://127.0.0.1:54321', 'https://abcdefghijklmnop.supabase.co', 'http://localhost:8000']) {
      const client = createClient(url, 'anon-key', {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as unknown as RealtimeTransport },
      });
      const defaultKey = (client.auth as unknown as { storageKey: string }).storageKey;
      expect(authStorageKey(url)).toBe(defaultKey);
    }
  });

  it('signs a visitor without a stored session out at once and waits for another tab to sign in', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', 'http://127.0.0.1:54321');
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'anon-key');
    const store = createStore();
    const { host, listeners } = fakeHost({ unrelated: 'x' });
    await startAuthSync(store, host);
    expect(store.get(authStateAtom)).toEqual({ status: 'signedOut' });
    expect(listeners.size).toBe(1);
  });

  it('reports missing configuration as unavailable instead of throwing', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', '');
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', '');
    const store = createStore();
    const { host } = fakeHost({});
    await startAuthSync(store, host);
    const state = store.get(authStateAtom);
    expect(state.status).toBe('unavailable');
    expect(state.status === 'unavailable' && state.message).toMatch(/VITE_SUPABASE_URL/);
  });
});
