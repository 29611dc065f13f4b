// A mutex with two queues: whoever waits in the `auth` lane goes before anyone waiting in the `api` lane.
// PGlite runs one statement at a time in one process, so the order in which waiters get in is the only
// scheduling there is: without lanes, a login queues behind every data-API request already waiting.
import type { Lane } from './db.ts';

export class LaneLock {
  private busy = false;
  private readonly waiting: Record<Lane, Array<() => void>> = { auth: [], api: [] };

  async run<T>(lane: Lane, fn: () => Promise<T>): Promise<T> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting[lane].push(resolve));
    else this.busy = true;
    try {
      return await fn();
    } finally {
      // Ownership passes straight to the next waiter, so nobody can slip in between.
      const next = this.waiting.auth.shift() ?? this.waiting.api.shift();
      if (next) next();
      else this.busy = false;
    }
  }

  /** Waiters per lane (for tests and diagnostics). */
  queued(): Record<Lane, number> {
    return { auth: this.waiting.auth.length, api: this.waiting.api.length };
  }
}
