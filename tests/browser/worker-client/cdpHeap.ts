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
  /** Stops auto-attaching (which detaches too), so that no CDP event reaches the test runner after the test. */
  close(): Promise<void>;
}

/**
 * The page's own QR worker: auto-attach on the page's session reports the workers of this page only, so a test
 * file running beside it in another page (the browser suite runs two files at a time) is not seen.
 */
export async function attachToQrWorker(): Promise<WorkerHeapProbe> {
  const s = cdp() as unknown as Session;
  const found = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no QR worker target was attached within 10 s')), 10_000);
    s.on('Target.attachedToTarget', (payload) => {
      const { sessionId, targetInfo } = payload as { sessionId: string; targetInfo: { type: string; url: string } };
      if (targetInfo.type !== 'worker' || !targetInfo.url.includes('qr.worker')) return;
      clearTimeout(timer);
      resolve(sessionId);
    });
  });
  await s.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const sessionId = await found;
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
    async close() {
      await s.send('Target.setAutoAttach', { autoAttach: false, waitForDebuggerOnStart: false });
    },
  };
}
