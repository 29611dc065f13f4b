/**
 * The page side of the password worker (workers/password.worker.ts): one short-lived worker per hash, ended when it
 * settles, so the password does not stay in a worker's memory.
 */
import { releaseProxy, wrap } from 'comlink';
import type { PasswordWorkerApi } from '../../workers/passwordContract.ts';

export async function hashPasswordInWorker(password: string): Promise<string> {
  const worker = new Worker(new URL('../../workers/password.worker.ts', import.meta.url), {
    type: 'module',
    name: 'password',
  });
  const api = wrap<PasswordWorkerApi>(worker);
  try {
    const crashed = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (ev) => {
        ev.preventDefault();
        reject(new Error('The password could not be prepared. Try again, or reload the page.'));
      });
    });
    return await Promise.race([api.hash(password), crashed]);
  } finally {
    api[releaseProxy]();
    worker.terminate();
  }
}
