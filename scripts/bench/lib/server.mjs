// @ts-check
// The local server (server/main.ts, through tsx) in a child process, as the benchmarks and the auth-js suite run
// it: on loopback, .env files ignored, ready once /auth/v1/health answers.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { REPO_ROOT } from './repo.mjs';

/**
 * A port nothing listens on right now (127.0.0.1).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `url` answers 2xx; throws after `ms`, or at once when `child` (the server's process, if given)
 * has exited meanwhile.
 * @param {string} url
 * @param {{ ms?: number, child?: import('node:child_process').ChildProcess }} [options]
 */
export async function waitFor(url, { ms = 90_000, child } = {}) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`server exited while starting (${child.exitCode ?? child.signalCode})`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not start within ${ms} ms`);
}

/** @typedef {{ code: number | null, signal: NodeJS.Signals | null }} Exit */

/**
 * @typedef {object} LocalServer
 * @property {string} base `http://127.0.0.1:<port>`
 * @property {number} port
 * @property {import('node:child_process').ChildProcess} child
 * @property {Promise<Exit>} exited resolves when the process has ended, however it ended
 * @property {() => Promise<void>} stop SIGTERM (requests in flight are answered), SIGKILL after 30 s
 */

/**
 * Starts the local server and resolves once it answers. `env` goes over this process's environment and the
 * defaults (PORT, HOST=127.0.0.1, ENV_FILES=off); a variable set to undefined there is removed. `onSpawn` sees the
 * child before the wait (to read piped output from the start). When the server does not come up, it is killed
 * and the error thrown.
 * @param {{
 *   env?: Record<string, string | undefined>,
 *   port?: number,
 *   stdio?: import('node:child_process').StdioOptions,
 *   readyMs?: number,
 *   onSpawn?: (child: import('node:child_process').ChildProcess) => void,
 * }} [options]
 * @returns {Promise<LocalServer>}
 */
export async function startLocalServer({
  env = {},
  port,
  stdio = ['ignore', 'ignore', 'inherit'],
  readyMs,
  onSpawn,
} = {}) {
  const listenOn = port ?? (await freePort());
  /** @type {NodeJS.ProcessEnv} */
  const childEnv = { ...process.env, PORT: String(listenOn), HOST: '127.0.0.1', ENV_FILES: 'off' };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  // BENCH_SERVER_NODE_ARGS: extra Node flags for the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" (the
  // profile is written when the server stops; NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio,
  });
  /** @type {Promise<Exit>} */
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const ended = await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000, null))]);
    if (!ended) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  onSpawn?.(child);
  const base = `http://127.0.0.1:${listenOn}`;
  try {
    await waitFor(`${base}/auth/v1/health`, { child, ms: readyMs });
  } catch (err) {
    child.kill('SIGKILL');
    await exited;
    throw err;
  }
  return { base, port: listenOn, child, exited, stop };
}
