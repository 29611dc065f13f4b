import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { codesVersionAtom } from './codesAtoms.ts';
import { toCodesError, type CodesError } from './codesErrors.ts';

export type CodesQueryState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: CodesError };

type Answer<T> = { key: string; state: CodesQueryState<T> };

/**
 * Loads `load()` for `key` (and again after any change to the user's codes or a `retry()`); only the newest
 * key's answer is kept, so a slow old page never replaces a newer one.
 */
export function useCodesQuery<T>(key: string, load: () => Promise<T>): CodesQueryState<T> & { retry: () => void } {
  const version = useAtomValue(codesVersionAtom);
  const [attempt, setAttempt] = useState(0);
  const fullKey = `${key}#${String(version)}#${String(attempt)}`;
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setAnswer({ key: fullKey, state: { status: 'ready', data } }),
      (error: unknown) => live && setAnswer({ key: fullKey, state: { status: 'error', error: toCodesError(error) } }),
    );
    return () => {
      live = false;
    };
    // `fullKey` identifies the query; `load` is a new closure every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullKey]);
  const retry = () => setAttempt((n) => n + 1);
  if (!answer || answer.key !== fullKey) return { status: 'loading', retry };
  return { ...answer.state, retry };
}
