import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { startLoad, stateFor, type Answer, type Load, type LoadState, type Settled } from './latestLoader.ts';

export { NO_ANSWER } from './latestLoader.ts';

interface LatestLoad<T> {
  /** This key's state: loading until this key (and this attempt) has answered. */
  state: LoadState<T>;
  /** The newest answer of any key (for views that keep showing the last result while the next one loads). */
  latest: Settled<T> | null;
  /** Loads the same key again. */
  retry: () => void;
}

/**
 * The app's one async-loading hook. Runs `load` whenever `key` changes (after `delayMs` of quiet when given) or
 * `retry()` is called; `key` null loads nothing. Latest wins: a change of key aborts the previous load's signal and
 * drops its answer, so a slow old answer never replaces a newer one. `load` may be a new closure on every render:
 * the key names what it loads, and the newest closure runs.
 */
export function useLatestLoad<T>(key: string | null, load: Load<T>, delayMs?: number): LatestLoad<T> {
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const runLoad = useEffectEvent(load);
  const fullKey = key === null ? null : `${String(attempt)}#${key}`;

  useEffect(() => {
    if (fullKey === null) return;
    return startLoad<T>(fullKey, (signal) => runLoad(signal), setAnswer, delayMs);
  }, [fullKey, delayMs]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state: stateFor(answer, fullKey), latest: answer?.state ?? null, retry };
}
