// A mutex with two lanes. Whoever waits in the `auth` lane goes before anyone waiting in the `api` lane, and
// within the `api` lane callers take turns (round robin by caller key), so one caller with many queued
// requests cannot make another caller's single request wait behind all of them.
// PGlite runs one statement at a time, on the server's own thread, so the order in which waiters get in is the
// only scheduling there is.
/** Which lane a job waits in: GoTrue's work (`auth`) or the data API's and the redirect's (`api`). */
export type Lane = 'auth' | 'api';

type Waiter = () => void;

export class LaneLock {
  private busy = false;
  private readonly authWaiting: Waiter[] = [];
  /** API waiters per caller, in the order callers get their turn (Map keeps insertion order). */
  private readonly apiWaiting = new Map<string, Waiter[]>();

  async run<T>(lane: Lane, fn: () => Promise<T>, caller = ''): Promise<T> {
    if (this.busy) await new Promise<void>((resolve) => this.enqueue(lane, caller, resolve));
    else this.busy = true;
    try {
      return await fn();
    } finally {
      this.handOver();
    }
  }

  /** Waiters per lane (for tests and diagnostics). */
  queued(): Record<Lane, number> {
    let api = 0;
    for (const q of this.apiWaiting.values()) api += q.length;
    return { auth: this.authWaiting.length, api };
  }

  private enqueue(lane: Lane, caller: string, waiter: Waiter): void {
    if (lane === 'auth') {
      this.authWaiting.push(waiter);
      return;
    }
    const queue = this.apiWaiting.get(caller);
    if (queue) queue.push(waiter);
    else this.apiWaiting.set(caller, [waiter]);
  }

  private next(): Waiter | undefined {
    const auth = this.authWaiting.shift();
    if (auth) return auth;
    for (const [caller, queue] of this.apiWaiting) {
      const waiter = queue.shift()!;
      // The caller goes to the back of the line (or leaves it when it has nothing more waiting).
      this.apiWaiting.delete(caller);
      if (queue.length > 0) this.apiWaiting.set(caller, queue);
      return waiter;
    }
    return undefined;
  }

  private handOver(): void {
    if (this.authWaiting.length === 0 && this.apiWaiting.size === 0) {
      this.busy = false;
      return;
    }
    // A granted waiter's job starts within the same microtask chain: handing over at once would run queued jobs
    // back to back without the event loop ever reading a new request. Give the loop one turn first (the lock
    // stays taken, so nobody slips in), then choose: a login that arrived meanwhile goes first.
    setImmediate(() => {
      const next = this.next();
      if (next) next();
      else this.busy = false;
    });
  }
}
