// A fair queue for expensive work (GET /api/v1/qr's drawings; any CPU-heavy job a route runs for a caller): jobs
// wait per principal (an account, a key, or a client address), and a free slot goes to the next principal in
// turn, not to the oldest job. A principal that fires 30 large PNGs therefore delays another's one small PNG by at
// most one job, not thirty. Each principal may also hold only so many jobs (running or waiting), run only so many
// at once (one slot short of all, so another principal always finds one), and spend a budget per minute in cost
// units (megapixels for renders). Refusals are typed (QueueRefusal) so that each route answers them in its shape.
import { createLimiter, type Limiter } from '../lib/ratelimit.ts';

export interface FairQueueOptions {
  /** Jobs running at once, all principals together (the worker threads behind the queue). */
  slots: number;
  /** Jobs of one principal running at once. */
  runningPerPrincipal: number;
  /** Jobs of one principal running or waiting; one more is refused (`queue_full`). */
  inFlightPerPrincipal: number;
  /** Cost units one principal may spend: a token bucket (`budget_spent` when empty); none = no budget. */
  budget?: { burst: number; perMinute: number; now: () => number };
}

export type QueueRefusalCode = 'queue_full' | 'budget_spent';

export class QueueRefusal extends Error {
  readonly code: QueueRefusalCode;
  /** Whole seconds after which the same job would be admitted (Retry-After), at least 1. */
  readonly retryAfterSec: number;
  constructor(code: QueueRefusalCode, retryAfterSec: number, message: string) {
    super(message);
    this.name = 'QueueRefusal';
    this.code = code;
    this.retryAfterSec = retryAfterSec;
  }
}

export interface FairQueueStats {
  running: number;
  waiting: number;
  /** Principals holding a job, running or waiting. */
  principals: number;
}

export interface FairQueue {
  /**
   * Runs `job` once a slot is free and it is `principal`'s turn; `cost` is charged to the principal's budget at
   * admission (a refused job costs nothing). Throws QueueRefusal without running the job.
   */
  run<T>(principal: string, cost: number, job: () => Promise<T>): Promise<T>;
  stats(): FairQueueStats;
}

interface Principal {
  running: number;
  waiting: Array<() => void>;
}

export function createFairQueue(opts: FairQueueOptions): FairQueue {
  if (!(opts.slots >= 1 && opts.runningPerPrincipal >= 1 && opts.inFlightPerPrincipal >= 1)) {
    throw new Error('createFairQueue: slots, runningPerPrincipal and inFlightPerPrincipal must be at least 1');
  }
  const budget: Limiter | null = opts.budget ? createLimiter(opts.budget) : null;
  const burst = opts.budget?.burst ?? Infinity;
  const principals = new Map<string, Principal>();
  /** Principals with a job waiting, in turn order: the next free slot goes to the first that may run one. */
  const turn: string[] = [];
  let running = 0;

  const dispatch = () => {
    while (running < opts.slots) {
      const at = turn.findIndex((name) => principals.get(name)!.running < opts.runningPerPrincipal);
      if (at < 0) return;
      const name = turn[at]!;
      const p = principals.get(name)!;
      turn.splice(at, 1);
      const start = p.waiting.shift()!;
      // Served: to the back of the line if more of its jobs wait.
      if (p.waiting.length > 0) turn.push(name);
      p.running++;
      running++;
      start();
    }
  };

  const finish = (name: string) => {
    const p = principals.get(name)!;
    p.running--;
    running--;
    if (p.running === 0 && p.waiting.length === 0) principals.delete(name);
    dispatch();
  };

  return {
    async run(principal, cost, job) {
      const p = principals.get(principal) ?? { running: 0, waiting: [] };
      if (p.running + p.waiting.length >= opts.inFlightPerPrincipal) {
        throw new QueueRefusal(
          'queue_full',
          1,
          `at most ${opts.inFlightPerPrincipal} at once per account, running or waiting`,
        );
      }
      // A job dearer than the whole bucket is charged the bucket: it runs once the bucket is full.
      const charge = Math.min(cost, burst);
      if (budget && !budget.take(principal, charge)) {
        throw new QueueRefusal(
          'budget_spent',
          budget.retryAfterSec(principal, charge),
          `the budget of ${opts.budget!.perMinute} a minute per account is spent`,
        );
      }
      principals.set(principal, p);
      await new Promise<void>((resolve) => {
        p.waiting.push(resolve);
        if (p.waiting.length === 1) turn.push(principal);
        dispatch();
      });
      try {
        return await job();
      } finally {
        finish(principal);
      }
    },
    stats: () => ({
      running,
      waiting: [...principals.values()].reduce((sum, p) => sum + p.waiting.length, 0),
      principals: principals.size,
    }),
  };
}
