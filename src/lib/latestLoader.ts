/**
 * The React-free core of `useLatestLoad`: starts loads, cancels them, and reports only the answers of loads that
 * were not cancelled. Whatever the order in which answers arrive, a cancelled (stale) load never answers.
 */
export type Settled<T> = { status: 'ready'; data: T } | { status: 'error'; error: unknown };

export type LoadState<T> = { status: 'idle' } | { status: 'loading' } | Settled<T>;

/** The latest answer, with the key it answers. */
export interface Answer<T> {
  key: string;
  state: Settled<T>;
}

/**
 * What a load resolves with when it has nothing to report (its work was superseded elsewhere): the previous
 * answer stays.
 */
export const NO_ANSWER: unique symbol = Symbol('no answer');

export type Load<T> = (signal: AbortSignal) => Promise<T | typeof NO_ANSWER>;

/**
 * Starts `load` for `key`, after `delayMs` of quiet when given, and reports its outcome to `onAnswer` unless the
 * returned cancel function was called first. Cancelling clears a pending delay and aborts the load's signal.
 */
export function startLoad<T>(
  key: string,
  load: Load<T>,
  onAnswer: (answer: Answer<T>) => void,
  delayMs?: number,
): () => void {
  // Made when the load starts, not before its delay: a keystroke cancels the previous one's load while it is still
  // waiting, and aborting a signal (a DOMException with a stack trace, an abort event) was a measurable part of a
  // keystroke's main-thread time (issue 35, bench:typing).
  let controller: AbortController | undefined;
  const run = () => {
    const own = new AbortController();
    controller = own;
    load(own.signal).then(
      (data) => {
        if (!own.signal.aborted && data !== NO_ANSWER) onAnswer({ key, state: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (!own.signal.aborted) onAnswer({ key, state: { status: 'error', error } });
      },
    );
  };
  const timer = delayMs === undefined ? undefined : setTimeout(run, delayMs);
  if (delayMs === undefined) run();
  return () => {
    clearTimeout(timer);
    controller?.abort();
  };
}

/**
 * What to show for `key`: idle without a key, the answer when it is this key's, and otherwise loading (never an
 * older key's data).
 */
export function stateFor<T>(answer: Answer<T> | null, key: string | null): LoadState<T> {
  if (key === null) return { status: 'idle' };
  if (!answer || answer.key !== key) return { status: 'loading' };
  return answer.state;
}
