// Plumbing the benchmark scripts share: a free loopback port, waiting for a server they started, a build.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nothing listens on right now (127.0.0.1). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `url` answers 2xx; throws after `ms`, or at once when `child` (the server's process, if given)
 * has exited meanwhile.
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

/** A non-negative integer knob from the environment (BENCH_…), or `fallback` when unset or blank. */
export function envInteger(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return v;
}

/**
 * Builds the working tree into `outDir` for a benchmark, against the local backend's address unless the caller's
 * environment names another; exits the process when the build fails.
 */
export function buildForBench(outDir) {
  const build = spawnSync('npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn', '--outDir', outDir], {
    stdio: 'inherit',
    env: {
      ...process.env,
      VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? 'http://127.0.0.1:54321',
      VITE_SUPABASE_ANON_KEY: process.env.VITE_SUPABASE_ANON_KEY ?? 'bench',
    },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
