import { describe, expect, it } from 'vitest';
import { DEFAULT_CODE_DESIGN } from '../../../src/features/codes/codeModel.ts';
import { FREE_DYNAMIC_LIMIT, planBatch } from '../../../src/features/bulk/batchPlan.ts';
import type { CheckedRow } from '../../../src/features/bulk/rowCheck.ts';

const BASE = 'http://127.0.0.1:54321/r';
const design = DEFAULT_CODE_DESIGN;
const links = (n: number): CheckedRow[] =>
  Array.from({ length: n }, (_, i) => ({
    row: i + 2,
    name: `r${i}`,
    type: 'website',
    content: `https://example.com/${i}`,
    design: { ...design },
    problems: [],
  }));

describe('planBatch', () => {
  it('lets the free plan fill its dynamic codes and no more, counting the batch as a whole', () => {
    expect(planBatch(links(FREE_DYNAMIC_LIMIT), 'dynamic', 0, BASE).ok).toBe(true);
    const over = planBatch(links(FREE_DYNAMIC_LIMIT + 1), 'dynamic', 0, BASE);
    expect(over.ok).toBe(false);
    if (!over.ok) expect(over.reason).toMatch(/Nothing was saved/);
    expect(planBatch(links(2), 'dynamic', FREE_DYNAMIC_LIMIT - 1, BASE).ok).toBe(false);
  });

  it('has no limit on static codes', () => {
    expect(planBatch(links(500), 'static', FREE_DYNAMIC_LIMIT, BASE).ok).toBe(true);
  });

  it('names the rows that cannot be dynamic', () => {
    const rows = links(2);
    rows[1] = { ...rows[1]!, type: 'text', content: 'hello' };
    const plan = planBatch(rows, 'dynamic', 0, BASE);
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.reason).toMatch(/row 3 is not/);
  });
});
