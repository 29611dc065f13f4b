import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toaster } from './toaster.ts';

// The toast machine (and its recipe) is not needed for first paint: it loads with the first toast. The store in
// toaster.ts keeps what was created meanwhile, and the list shows it once mounted.
const ToastList = lazy(() => import('./ToastList.tsx'));

/** Set by the first toast and never reset: the list stays mounted so later toasts animate in and out. */
let toastsUsed = false;
const subscribe = (onChange: () => void) =>
  toaster.subscribe(() => {
    toastsUsed = true;
    onChange();
  });
const wantsList = () => toastsUsed || toaster.getCount() > 0;
// The prerender, and so the hydrating first render, has no toasts.
const noListOnServer = () => false;

/** The app's toast region, mounted from the first `toaster.create(…)` on; nothing before it. */
export function Toaster() {
  const wanted = useSyncExternalStore(subscribe, wantsList, noListOnServer);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}
