// One bcrypt worker thread (plain JavaScript, so it loads the same way under tsx, node and vitest).
// Messages: { id, op: 'hash', password, cost } or { id, op: 'compare', password, hash } → { id, result } or
// { id, error }. See server/auth/bcrypt-pool.ts.
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

parentPort.on('message', ({ id, op, password, hash, cost }) => {
  try {
    const result = op === 'hash' ? bcrypt.hashSync(password, cost) : bcrypt.compareSync(password, hash);
    parentPort.postMessage({ id, result });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
