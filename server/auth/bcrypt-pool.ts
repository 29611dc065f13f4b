// bcrypt off the event loop. bcryptjs is plain JavaScript: about 80 ms of CPU per hash at cost 10, on the
// thread that calls it. On the server's own thread every sign-in would stall every other request for that
// long, and under load each sign-in would wait for the loop between its chunks. A few worker threads (one per
// spare core, at least one, at most four) run it in parallel instead, as GoTrue's goroutines do.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

type Job = { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };
type Reply = { id: number; result?: string | boolean; error?: string };

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (v: string | boolean) => void; reject: (e: Error) => void }>;
}

const SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));
const slots: Slot[] = [];
let nextId = 0;

function spawn(index: number): Slot {
  const worker = new Worker(new URL('./bcrypt-worker.mjs', import.meta.url));
  // The pool never keeps the process alive on its own.
  worker.unref();
  const slot: Slot = { worker, pending: new Map() };
  worker.on('message', (reply: Reply) => {
    const job = slot.pending.get(reply.id);
    if (!job) return;
    slot.pending.delete(reply.id);
    if (reply.error !== undefined) job.reject(new Error(`bcrypt: ${reply.error}`));
    else job.resolve(reply.result!);
  });
  const fail = (err: Error) => {
    for (const job of slot.pending.values()) job.reject(err);
    slot.pending.clear();
    if (slots[index] === slot) slots[index] = spawn(index);
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`bcrypt worker exited (${code})`)));
  return slot;
}

function run(job: Job): Promise<string | boolean> {
  if (slots.length === 0) for (let i = 0; i < SIZE; i++) slots.push(spawn(i));
  // The least busy worker: jobs are all about the same size.
  const slot = slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    slot.pending.set(id, { resolve, reject });
    slot.worker.postMessage({ id, ...job });
  });
}

/** The bcrypt operations the server uses; an object, so that tests can count calls. */
export const bcryptPool = {
  hash: (password: string, cost: number) => run({ op: 'hash', password, cost }) as Promise<string>,
  compare: (password: string, hash: string) => run({ op: 'compare', password, hash }) as Promise<boolean>,
};
