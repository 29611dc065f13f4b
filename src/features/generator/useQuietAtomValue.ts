import { useMemo, useSyncExternalStore } from 'react';
import type { Atom, createStore } from 'jotai';

type Store = ReturnType<typeof createStore>;

/** The atom's value, taken only after `quietMs` without a change. */
export function quietSource<T>(store: Store, watched: Atom<T>, quietMs: number) {
  let value = store.get(watched);
  return {
    get: () => value,
    subscribe: (notify: () => void) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const unsubscribe = store.sub(watched, () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          value = store.get(watched);
          notify();
        }, quietMs);
      });
      // A change between the render and this subscription is taken at once.
      const now = store.get(watched);
      if (now !== value) {
        value = now;
        notify();
      }
      return () => {
        clearTimeout(timer);
        unsubscribe();
      };
    },
  };
}

/**
 * An atom's value once it has been left alone for `quietMs`: the component re-renders once per pause, not once
 * per change. The capacity meter reads the content this way, so a keystroke renders nothing in React (the field
 * is uncontrolled) and the meter measures once the typing pauses, as it did before. `store` is the caller's (jotai's
 * `useStore` here would put jotai's store code in a chunk of its own, and the first paint's JavaScript has no room).
 */
export function useQuietAtomValue<T>(store: Store, watched: Atom<T>, quietMs: number): T {
  const source = useMemo(() => quietSource(store, watched, quietMs), [store, watched, quietMs]);
  return useSyncExternalStore(source.subscribe, source.get, source.get);
}
