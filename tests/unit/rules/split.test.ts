// The A/B split over 10,000 simulated visitors: buckets come from the same kind of hash the database derives
// (the first four bytes of SHA-256 over a daily salt, the code id and the visitor digest, modulo 10,000), and the
// share each variant gets stays within statistical bounds of its weight; the same visitor on the same day always
// gets the same variant, and a new day's salt reshuffles.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { evaluateScan, type CodeForScan } from '../../../src/shared/rules/evaluate.ts';
import type { ScanFacts } from '../../../src/shared/rules/facts.ts';

function bucket(salt: string, codeId: string, visitor: number): number {
  const h = createHash('sha256').update(`${salt}|${codeId}|visitor-${visitor}`).digest();
  return h.readUInt32BE(0) % 10_000;
}

const code: CodeForScan = {
  destination: 'https://default.example/',
  settings: {
    v: 1,
    split: {
      variants: [
        { to: 'https://a.example/', weight: 5 },
        { to: 'https://b.example/', weight: 20 },
        { to: 'https://c.example/', weight: 35 },
        { to: 'https://d.example/', weight: 40 },
      ],
    },
  },
  hasPassword: false,
  capUsed: 0,
};

const facts = (b: number): ScanFacts => ({
  deviceType: 'mobile',
  os: 'Android',
  browser: 'Chrome',
  country: null,
  language: null,
  query: '',
  passwordOk: false,
  bucket: b,
  countable: true,
});

const now = new Date('2026-06-01T12:00:00Z');
const variantOf = (b: number) => {
  const d = evaluateScan(code, facts(b), now);
  if (d.outcome !== 'redirect' || d.variant === undefined) throw new Error('no variant');
  return d.variant;
};

describe('A/B split', () => {
  it('keeps every weight within 4.5 standard deviations over 10,000 visitors', () => {
    const n = 10_000;
    const counts = [0, 0, 0, 0];
    for (let v = 0; v < n; v++) counts[variantOf(bucket('salt-1', 'code-1', v))]! += 1;
    const weights = [0.05, 0.2, 0.35, 0.4];
    weights.forEach((p, i) => {
      const sd = Math.sqrt(n * p * (1 - p));
      expect(Math.abs(counts[i]! - n * p), `variant ${i}: ${counts[i]}`).toBeLessThan(4.5 * sd);
    });
    // Pearson's chi-square with 3 degrees of freedom: 99.99th percentile is 21.1.
    const chi = weights.reduce((sum, p, i) => sum + (counts[i]! - n * p) ** 2 / (n * p), 0);
    expect(chi).toBeLessThan(21.1);
  });

  it('is sticky per visitor and day, and a new salt reshuffles', () => {
    const day1 = Array.from({ length: 2_000 }, (_, v) => variantOf(bucket('salt-1', 'code-1', v)));
    const again = Array.from({ length: 2_000 }, (_, v) => variantOf(bucket('salt-1', 'code-1', v)));
    expect(again).toEqual(day1);
    const day2 = Array.from({ length: 2_000 }, (_, v) => variantOf(bucket('salt-2', 'code-1', v)));
    const moved = day2.filter((x, i) => x !== day1[i]).length;
    // Two independent draws differ with probability 1 - Σp² = 0.675.
    expect(moved).toBeGreaterThan(2_000 * 0.6);
  });
});
