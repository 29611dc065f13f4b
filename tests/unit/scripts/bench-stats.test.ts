import { describe, expect, it } from 'vitest';
import { median, percentile } from '../../../scripts/bench/lib/stats.mjs';

// scripts/bench/lib/stats.mjs: the medians and percentiles every bench:* driver reports.
describe('bench statistics', () => {
  it('takes the middle value, or the mean of the two middle ones, whatever the order', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it('leaves its input as it was', () => {
    const runs = [3, 1, 2];
    median(runs);
    percentile(runs, 50);
    expect(runs).toEqual([3, 1, 2]);
  });

  it('gives nearest-rank percentiles: always one of the values', () => {
    const ms = Array.from({ length: 20 }, (_, i) => 20 - i); // 20 … 1
    expect(percentile(ms, 50)).toBe(10);
    expect(percentile(ms, 95)).toBe(19);
    expect(percentile(ms, 99)).toBe(20);
    expect(percentile(ms, 100)).toBe(20);
    expect(percentile([4.5], 1)).toBe(4.5);
    expect(percentile([], 50)).toBeNaN();
  });
});
