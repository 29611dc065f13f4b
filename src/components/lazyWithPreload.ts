import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` plus `preload()`, which starts the download early: call it on a trigger's pointerenter, focus or
 * touchstart (see preloadOnIntent), so the code is usually there by the click. Never call it at idle time: code
 * that loads before any interaction counts against the first-paint budget (e2e/budgets.spec.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint on the component type
export function lazyWithPreload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loading: Promise<{ default: T }> | undefined;
  const start = () => (loading ??= load());
  // A failed download is not reported here: the lazy component, once rendered, throws it to the error boundary.
  const preload = () => void start().catch(() => undefined);
  return Object.assign(lazy(start), { preload });
}

/** Props for a trigger: preload on the first sign of intent (pointer over it, keyboard focus, a touch). */
export function preloadOnIntent(preload: () => void) {
  return { onPointerEnter: preload, onFocus: preload, onTouchStart: preload };
}
