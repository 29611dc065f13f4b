import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_ANSWER, startLoad, stateFor, type Answer } from '../../../src/lib/latestLoader.ts';

/** A promise the test settles by hand, to make answers arrive in any order. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function recorder<T>() {
  const answers: Answer<T>[] = [];
  return { answers, onAnswer: (a: Answer<T>) => answers.push(a) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('startLoad', () => {
  it('reports the data of a load that was not cancelled', async () => {
    const { answers, onAnswer } = recorder<number>();
    startLoad('a', () => Promise.resolve(42), onAnswer);
    await flush();
    expect(answers).toEqual([{ key: 'a', state: { status: 'ready', data: 42 } }]);
  });

  it('reports a failure as an error answer, with the error as thrown', async () => {
    const { answers, onAnswer } = recorder<number>();
    const boom = new Error('boom');
    startLoad('a', () => Promise.reject(boom), onAnswer);
    await flush();
    expect(answers).toHaveLength(1);
    expect(answers[0]?.state).toEqual({ status: 'error', error: boom });
    expect(answers[0]?.state.status === 'error' && answers[0].state.error).toBe(boom);
  });

  it('drops the answer of a cancelled load when it arrives after the newer one', async () => {
    const { answers, onAnswer } = recorder<string>();
    const old = deferred<string>();
    const fresh = deferred<string>();
    const cancelOld = startLoad('old', () => old.promise, onAnswer);
    cancelOld();
    startLoad('new', () => fresh.promise, onAnswer);
    fresh.resolve('new data');
    await flush();
    old.resolve('old data');
    await flush();
    expect(answers).toEqual([{ key: 'new', state: { status: 'ready', data: 'new data' } }]);
  });

  it('drops the answer of a cancelled load when it arrives before the newer one', async () => {
    const { answers, onAnswer } = recorder<string>();
    const old = deferred<string>();
    const fresh = deferred<string>();
    const cancelOld = startLoad('old', () => old.promise, onAnswer);
    cancelOld();
    startLoad('new', () => fresh.promise, onAnswer);
    old.resolve('old data');
    await flush();
    expect(answers).toEqual([]);
    fresh.resolve('new data');
    await flush();
    expect(answers).toEqual([{ key: 'new', state: { status: 'ready', data: 'new data' } }]);
  });

  it('drops the failure of a cancelled load too', async () => {
    const { answers, onAnswer } = recorder<string>();
    const old = deferred<string>();
    const cancel = startLoad('old', () => old.promise, onAnswer);
    cancel();
    old.reject(new Error('late failure'));
    await flush();
    expect(answers).toEqual([]);
  });

  it('aborts the signal of a cancelled load, and only that one', () => {
    const signals: AbortSignal[] = [];
    const load = (signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<never>(() => {});
    };
    const cancelFirst = startLoad('a', load, () => {});
    startLoad('b', load, () => {});
    cancelFirst();
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
  });

  it('reports nothing when the load resolves with NO_ANSWER', async () => {
    const { answers, onAnswer } = recorder<string>();
    startLoad<string>('a', () => Promise.resolve(NO_ANSWER), onAnswer);
    await flush();
    expect(answers).toEqual([]);
  });

  it('waits for the quiet period before loading, and a cancel within it loads nothing', async () => {
    vi.useFakeTimers();
    const { answers, onAnswer } = recorder<string>();
    const load = vi.fn((_signal: AbortSignal) => Promise.resolve('x'));
    const cancel = startLoad('typed', load, onAnswer, 150);
    await vi.advanceTimersByTimeAsync(149);
    expect(load).not.toHaveBeenCalled();
    cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).not.toHaveBeenCalled();

    startLoad('typed more', load, onAnswer, 150);
    await vi.advanceTimersByTimeAsync(150);
    expect(load).toHaveBeenCalledTimes(1);
    expect(answers).toEqual([{ key: 'typed more', state: { status: 'ready', data: 'x' } }]);
  });

  it('makes no abort signal for a load cancelled during its quiet period (typing cancels one per key)', async () => {
    vi.useFakeTimers();
    const real = globalThis.AbortController;
    let made = 0;
    globalThis.AbortController = class extends real {
      constructor() {
        super();
        made += 1;
      }
    };
    try {
      for (let key = 0; key < 10; key++)
        startLoad(
          String(key),
          () => Promise.resolve(1),
          () => {},
          150,
        )();
      expect(made).toBe(0);
      const signals: AbortSignal[] = [];
      const cancel = startLoad(
        'last',
        (signal) => (signals.push(signal), new Promise<number>(() => {})),
        () => {},
        150,
      );
      await vi.advanceTimersByTimeAsync(150);
      expect(made).toBe(1);
      cancel();
      expect(signals[0]?.aborted).toBe(true);
    } finally {
      globalThis.AbortController = real;
    }
  });

  it('starts at once without a delay', () => {
    const load = vi.fn((_signal: AbortSignal) => Promise.resolve(1));
    startLoad('a', load, () => {});
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('stateFor', () => {
  const answer: Answer<number> = { key: 'a', state: { status: 'ready', data: 1 } };
  it('is idle without a key', () => {
    expect(stateFor(answer, null)).toEqual({ status: 'idle' });
  });
  it('is loading until this key has answered, never showing another key’s data', () => {
    expect(stateFor(null, 'a')).toEqual({ status: 'loading' });
    expect(stateFor(answer, 'b')).toEqual({ status: 'loading' });
  });
  it('is the answer of this key', () => {
    expect(stateFor(answer, 'a')).toEqual({ status: 'ready', data: 1 });
    const failed: Answer<number> = { key: 'a', state: { status: 'error', error: 'x' } };
    expect(stateFor(failed, 'a')).toEqual({ status: 'error', error: 'x' });
  });
});
