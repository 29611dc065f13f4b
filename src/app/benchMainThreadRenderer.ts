import { expose } from 'comlink';
import { QrClient, setQrClient } from '../worker-client/index.ts';
import { createQrService, withWireErrors } from '../../workers/service.ts';

/**
 * Benchmark baseline only (`?benchMainThreadRenderer`): the very same service the worker runs, exposed over a
 * MessageChannel on the main thread, so `npm run bench:typing` can compare our page with main-thread rendering
 * in one run. Loaded by a dynamic import from main.tsx in builds with VITE_BENCH=1 only.
 */
export function installMainThreadRenderer(): void {
  setQrClient(
    new QrClient({
      createWorker: () => {
        const { port1, port2 } = new MessageChannel();
        expose(withWireErrors(createQrService()), port1);
        return Object.assign(port2, {
          terminate: () => {
            port1.close();
            port2.close();
          },
        }) as unknown as Worker;
      },
    }),
  );
}
