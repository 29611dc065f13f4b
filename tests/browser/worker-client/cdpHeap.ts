/**
 * Heap of the QR worker, measured from outside through the Chrome DevTools Protocol (vitest's cdp() session of
 * the Playwright provider): attach to the worker target, force a GC, read Runtime.getHeapUsage. Workers do not
 * expose performance.memory, and measureUserAgentSpecificMemory needs cross-origin isolation.
 */
import { cdp } from 'vitest/browser';

interface Session {
  send(method: string, params?: object): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): void;
}

export interface WorkerHeapProbe {
  usedBytes(): Promise<number>;
}

export async function attachToQrWorker(): Promise<WorkerHeapProbe> {
  const s = cdp() as unknown as Session;
  const { targetInfos } = (await s.send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string; url: string; attached: boolean }[];
  };
  const workers = targetInfos.filter((t) => t.type === 'worker' && t.url.includes('qr.worker'));
  const [worker] = workers;
  if (workers.length !== 1 || !worker) throw new Error(`expected one QR worker target, found ${workers.length}`);
  const { sessionId } = (await s.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false })) as {
    sessionId: string;
  };
  let nextId = 1;
  const pending = new Map<number, (v: unknown) => void>();
  s.on('Target.receivedMessageFromTarget', (payload) => {
    const p = payload as { sessionId: string; message: string };
    if (p.sessionId !== sessionId) return;
    const msg = JSON.parse(p.message) as { id?: number; result?: unknown; error?: { message: string } };
    if (msg.id !== undefined && pending.has(msg.id)) {
      pending.get(msg.id)!(msg.error ? new Error(msg.error.message) : msg.result);
      pending.delete(msg.id);
    }
  });
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (v) => (v instanceof Error ? reject(v) : resolve(v)));
      void s.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    });
  return {
    async usedBytes() {
      await call('HeapProfiler.enable');
      await call('HeapProfiler.collectGarbage');
      const { usedSize } = (await call('Runtime.getHeapUsage')) as { usedSize: number };
      return usedSize;
    },
  };
}
