// Heavy work per principal (a user, an API key, else a client address): the requests that cost seconds of
// database time rather than milliseconds (sample data, bulk batch commits, the scans export) are bounded twice,
// so that one account cannot keep the database busy for everyone else (issue 36, docs/security.md):
//   * a budget per minute: a token bucket of heavy requests (HEAVY_WORK_PER_MINUTE, burst the same), 429 with
//     Retry-After when spent. It follows AUTH_RATE_LIMITS like the other request budgets;
//   * a cap on concurrent work: at most `concurrent` heavy requests of one principal run at once, `queue` more
//     wait their turn (in order), beyond that 429 with Retry-After: 1. Always on: a second commit of one batch
//     sent at once waits for the first and is then told it was committed (409), instead of racing it.
import { createLimiter, unlimited, type Limiter } from './ratelimit.ts';

export interface WorkBudgetOptions {
  /** Heavy requests per minute per principal (also the burst); 0 = no budget per minute. */
  perMinute: number;
  /** Heavy requests of one principal running at once. */
  concurrent: number;
  /** Heavy requests of one principal waiting for a place; beyond that, refused. */
  queue: number;
  now: () => number;
}

/** Admitted: call leave() once the work is done (extra calls are ignored). */
export interface WorkTicket {
  ok: true;
  leave(): void;
}

/** Refused: `budget` (the minute's budget is spent) or `busy` (running and waiting places are taken). */
export interface WorkRefusal {
  ok: false;
  reason: 'budget' | 'busy';
  retryAfterSec: number;
}

export interface WorkBudget {
  /** Takes one heavy request of principal from its budget and a place in its line (waiting for it if needed). */
  enter(principal: string): Promise<WorkTicket | WorkRefusal>;
  /** Heavy requests of principal running and waiting now (tests, diagnostics). */
  load(principal: string): { running: number; waiting: number };
}

interface Line {
  running: number;
  waiting: Array<() => void>;
}

export function createWorkBudget(opts: WorkBudgetOptions): WorkBudget {
  const budget: Limiter =
    opts.perMinute > 0 ? createLimiter({ burst: opts.perMinute, perMinute: opts.perMinute, now: opts.now }) : unlimited;
  const lines = new Map<string, Line>();

  const leave = (principal: string) => {
    const line = lines.get(principal)!;
    const next = line.waiting.shift();
    if (next) next();
    else if (--line.running === 0) lines.delete(principal);
  };

  return {
    async enter(principal) {
      let line = lines.get(principal);
      // Refused first when no place is left, so a flood of refused requests does not spend the budget.
      if (line && line.running >= opts.concurrent && line.waiting.length >= opts.queue)
        return { ok: false, reason: 'busy', retryAfterSec: 1 };
      if (!budget.take(principal))
        return { ok: false, reason: 'budget', retryAfterSec: budget.retryAfterSec(principal) };
      if (!line) {
        line = { running: 0, waiting: [] };
        lines.set(principal, line);
      }
      if (line.running < opts.concurrent) line.running += 1;
      else await new Promise<void>((resolve) => line.waiting.push(resolve));
      let left = false;
      return {
        ok: true,
        leave: () => {
          if (left) return;
          left = true;
          leave(principal);
        },
      };
    },
    load(principal) {
      const line = lines.get(principal);
      return { running: line?.running ?? 0, waiting: line?.waiting.length ?? 0 };
    },
  };
}
