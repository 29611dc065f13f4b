/** A QrClient on the test-only worker entry (test.worker.ts), with its crash and hang hooks. */
import type { Remote } from 'comlink';
import {
  QrClient,
  type CallOptions,
  type QrClientOptions,
  type QrWorkerApi,
} from '../../../src/worker-client/index.ts';
import type { QrTestWorkerApi } from './test.worker.ts';

export class TestQrClient extends QrClient {
  constructor(options: Omit<QrClientOptions, 'createWorker'> = {}) {
    super({
      ...options,
      createWorker: () => new Worker(new URL('./test.worker.ts', import.meta.url), { type: 'module', name: 'qr-test' }),
    });
  }

  private testApi(api: Remote<QrWorkerApi>): Remote<QrTestWorkerApi> {
    return api as unknown as Remote<QrTestWorkerApi>;
  }

  crashForTest(): Promise<void> {
    return this.testApi(this.start().api).crashForTest();
  }

  hangForTest(ms: number, opts?: CallOptions): Promise<void> {
    return this.call((api) => this.testApi(api).hangForTest(ms), opts);
  }
}
