import { useLatestLoad } from '../../lib/useLatestLoad.ts';

export type QueryState<T> =
  { status: 'idle' } | { status: 'pending' } | { status: 'done'; value: T } | { status: 'failed'; error: unknown };

/**
 * Runs `run` for `key` after `delayMs` of quiet, and keeps only the newest key's answer. For cheap worker calls
 * that follow typing (capacity, scan check) without one call per keystroke. `run`'s signal aborts when the key changes.
 */
export function useWorkerQuery<T>(
  key: string | null,
  run: (signal: AbortSignal) => Promise<T>,
  delayMs: number,
): QueryState<T> {
  const { state } = useLatestLoad<T>(key, (signal) => run(signal), delayMs);
  switch (state.status) {
    case 'idle':
      return state;
    case 'loading':
      return { status: 'pending' };
    case 'ready':
      return { status: 'done', value: state.data };
    case 'error':
      return { status: 'failed', error: state.error };
  }
}
