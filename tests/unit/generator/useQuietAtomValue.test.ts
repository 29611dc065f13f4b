import { afterEach, describe, expect, it, vi } from 'vitest';
import { atom, createStore } from 'jotai';
import { quietSource } from '../../../src/features/generator/useQuietAtomValue.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('quietSource (the capacity meter reads the content through it)', () => {
  it('tells its reader once per pause in typing, with the last value, not once per keystroke', () => {
    vi.useFakeTimers();
    const store = createStore();
    const content = atom('');
    const source = quietSource(store, content, 150);
    const notify = vi.fn();
    const unsubscribe = source.subscribe(notify);
    for (const typed of ['h', 'ht', 'htt', 'http']) {
      store.set(content, typed);
      vi.advanceTimersByTime(100);
    }
    expect(notify).not.toHaveBeenCalled();
    expect(source.get()).toBe('');
    vi.advanceTimersByTime(50);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(source.get()).toBe('http');
    unsubscribe();
    store.set(content, 'https');
    vi.advanceTimersByTime(1000);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('takes at once a change made between the render and the subscription', () => {
    const store = createStore();
    const content = atom('a');
    const source = quietSource(store, content, 150);
    store.set(content, 'ab');
    const notify = vi.fn();
    source.subscribe(notify);
    expect(source.get()).toBe('ab');
    expect(notify).toHaveBeenCalledTimes(1);
  });
});
