// The budget of heavy work per principal (server/lib/work-budget.ts): a token bucket per minute and a line with a
// cap at once, on a clock the test moves.
import { describe, expect, it } from 'vitest';
import { createWorkBudget, type WorkRefusal, type WorkTicket } from '../../../server/lib/work-budget.ts';

function setup(perMinute: number, concurrent = 1, queue = 2) {
  let now = 0;
  const budget = createWorkBudget({ perMinute, concurrent, queue, now: () => now });
  return { budget, advance: (ms: number) => (now += ms) };
}

const admitted = (t: WorkTicket | WorkRefusal): WorkTicket => {
  if (!t.ok) throw new Error(`refused: ${t.reason}`);
  return t;
};

describe('work budget', () => {
  it('spends perMinute requests, then refuses with the seconds until the next one; each principal has its own', async () => {
    const { budget, advance } = setup(6, 10, 0);
    for (let i = 0; i < 6; i++) admitted(await budget.enter('user:a')).leave();
    expect(await budget.enter('user:a')).toEqual({ ok: false, reason: 'budget', retryAfterSec: 10 });
    admitted(await budget.enter('user:b')).leave();
    advance(9_999);
    expect((await budget.enter('user:a')).ok).toBe(false);
    advance(1);
    admitted(await budget.enter('user:a')).leave();
  });

  it('runs `concurrent` at once, lets `queue` wait in order, refuses the rest as busy without spending budget', async () => {
    const { budget } = setup(4, 1, 2);
    const first = admitted(await budget.enter('k'));
    const order: number[] = [];
    const second = budget.enter('k').then((t) => (order.push(2), admitted(t)));
    const third = budget.enter('k').then((t) => (order.push(3), admitted(t)));
    expect(budget.load('k')).toEqual({ running: 1, waiting: 2 });
    expect(await budget.enter('k')).toEqual({ ok: false, reason: 'busy', retryAfterSec: 1 });
    first.leave();
    first.leave(); // a second leave() frees nothing more
    (await second).leave();
    (await third).leave();
    expect(order).toEqual([2, 3]);
    expect(budget.load('k')).toEqual({ running: 0, waiting: 0 });
    // Three were admitted, the busy refusal took nothing: one request of the minute's four is left.
    admitted(await budget.enter('k')).leave();
    expect((await budget.enter('k')).ok).toBe(false);
  });

  it('perMinute 0 is no budget per minute (AUTH_RATE_LIMITS=off); the cap at once still holds', async () => {
    const { budget } = setup(0, 1, 0);
    for (let i = 0; i < 100; i++) admitted(await budget.enter('k')).leave();
    const held = admitted(await budget.enter('k'));
    expect((await budget.enter('k')).ok).toBe(false);
    held.leave();
  });
});
