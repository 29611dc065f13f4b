import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Session, User } from '@supabase/supabase-js';
import { afterEach, expect, test, vi } from 'vitest';
import { authStateAtom, signOutRequestedAtom } from '../../../src/features/auth/authStateAtom.ts';
import { RequireAuth } from '../../../src/features/auth/RequireAuth.tsx';

// The guard in a real React tree and a real data router. The once-per-load server check of a stored session
// (useVerifyStoredSession) needs a Supabase server and is not what these tests are about.
vi.mock('../../../src/features/auth/useVerifyStoredSession.ts', () => ({ useVerifyStoredSession: () => undefined }));
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const user = { id: 'u1', email: 'ada@example.com' } as User;
const session = { user, access_token: 'a', refresh_token: 'r' } as Session;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

function mount(store: ReturnType<typeof createStore>, initialPath: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/auth', element: <p>auth</p> },
      { path: '/dashboard', element: <RequireAuth />, children: [{ path: 'settings', element: <p>settings</p> }] },
    ],
    { initialEntries: [initialPath] },
  );
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    ),
  );
  return router;
}

test('a signed-out visitor on a guarded page goes to /auth with a note of where to come back', () => {
  const store = createStore();
  store.set(authStateAtom, { status: 'signedOut' });
  const router = mount(store, '/dashboard/settings');
  expect(router.state.location.pathname).toBe('/auth');
  expect(router.state.location.state).toEqual({ from: '/dashboard/settings' });
});

test('signing out on a guarded page lands on / even when SIGNED_OUT reaches the guard first', async () => {
  const store = createStore();
  store.set(authStateAtom, { status: 'signedIn', user, session });
  const router = mount(store, '/dashboard/settings');
  expect(router.state.location.pathname).toBe('/dashboard/settings');

  // What useSignOut does, with the worst ordering: the session ends before the router has left the guard.
  await act(async () => {
    store.set(signOutRequestedAtom, true);
    store.set(authStateAtom, { status: 'signedOut' });
    await Promise.resolve();
  });
  expect(router.state.location.pathname).toBe('/');
  expect(router.state.location.state).toBeNull();
});
