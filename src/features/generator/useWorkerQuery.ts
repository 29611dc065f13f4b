import { useEffect, useState } from 'react';

export type QueryState<T> = { status: 'idle' } | { status: 'pending' } | { status: 'done'; value: T } | { status: 'failed'; error: unknown };

type Answer<T> = { key: string; state: QueryState<T> };

/**
 * Runs `run` for `key` after `delayMs` of quiet, and keeps only the newest key's answer. For cheap worker calls
 * that follow typing (capacity, scan check) without one call per keystroke.
 */
export function useWorkerQuery<T>(key: string | null, run: () => Promise<T>, delayMs: number): QueryState<T> {
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    const timer = setTimeout(() => {
      run().then(
        (value) => live && setAnswer({ key, state: { status: 'done', value } }),
        (error: unknown) => live && setAnswer({ key, state: { status: 'failed', error } }),
      );
    }, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `key` identifies the query; `run` is a new closure every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, delayMs]);
  if (key === null) return { status: 'idle' };
  if (!answer || answer.key !== key) return { status: 'pending' };
  return answer.state;
}
