import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../src/features/settings/formatBytes.ts';

describe('formatBytes (the Settings storage line)', () => {
  it('uses decimal units as Storage counts sizes', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(1000)).toBe('1 KB');
    expect(formatBytes(12_345_678)).toBe('12.3 MB');
    expect(formatBytes(100_000_000)).toBe('100 MB');
    expect(formatBytes(5_000_000_000)).toBe('5 GB');
  });
});
