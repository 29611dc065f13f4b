// Plumbing the benchmark scripts share: a free loopback port, waiting for a server they started, a build, a
// production preview, a Lighthouse run, a median.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

/**
 * `vite preview` of a build on a free port (`outDir` under `cwd`, the repository by default), stopped when this
 * process exits or by `stop()`. Resolves once it answers.
 */
export async function startPreview({ outDir = 'dist', cwd } = {}) {
  const port = await freePort();
  // Its own process group, so that stopping it also stops the vite process npx starts.
  const server = spawn(
    'npx',
    ['--no-install', 'vite', 'preview', '--outDir', outDir, '--port', String(port), '--strictPort'],
    {
      cwd,
      stdio: 'ignore',
      detached: true,
    },
  );
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('exit', stop);
  const base = `http://localhost:${port}`;
  await waitFor(`${base}/`, { ms: 60_000, child: server });
  return { base, stop };
}

/** The median of `values`, the lower of the two middle ones for an even count. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** Fetched by npx on first use (not a dependency: its npm release pins packages this registry lacks). */
export const LIGHTHOUSE = 'lighthouse@13.5.0';

/**
 * One Lighthouse run of `url` with its default (mobile) preset in Debian's Chromium (CHROME_PATH), the JSON report
 * written to `reportPath`; returns the parsed report (LHR). Throws when Lighthouse fails.
 */
export function runLighthouse(url, reportPath) {
  const lh = spawnSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${reportPath}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update',
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    },
  );
  if (lh.status !== 0) throw new Error(`lighthouse failed on ${url} (exit ${lh.status})`);
  return JSON.parse(readFileSync(reportPath, 'utf8'));
}
