import { Suspense, type ReactNode } from 'react';

/**
 * A part of a prerendered page that hydrates on its own. React hydrates each Suspense boundary of server HTML in a
 * render and commit of its own, so a page becomes several short main-thread tasks instead of one long commit
 * (docs/first-paint.md). Nothing inside suspends on the first render, so the fallback is never seen.
 */
export function HydrationChunk({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
