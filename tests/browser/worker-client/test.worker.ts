/**
 * Test-only QR worker entry: the app's worker API (workers/qr.worker.ts) plus hooks that make the worker die
 * or stop answering, for the client's crash and hang tests. Never part of the app build.
 */
import { expose } from 'comlink';
import type { QrWorkerApi } from '../../../workers/contract.ts';
import { createWorkerApi } from '../../../workers/service.ts';

export interface QrTestWorkerApi extends QrWorkerApi {
  /** Makes the worker die: an uncaught error, then close. */
  crashForTest(): Promise<void>;
  /** Makes the worker stop answering for `ms` (at most a minute). */
  hangForTest(ms: number): Promise<void>;
}

const testHooks = {
  async crashForTest(): Promise<void> {
    // An uncaught error in a timer is what a real crash looks like to the page (worker 'error' event).
    setTimeout(() => {
      throw new Error('crash requested by test');
    });
    setTimeout(() => close(), 10);
  },

  async hangForTest(ms: number): Promise<void> {
    const end = Date.now() + Math.min(ms, 60_000);
    while (Date.now() < end) {
      /* busy: the worker answers nothing meanwhile */
    }
  },
};

expose(createWorkerApi(testHooks) satisfies QrTestWorkerApi);
