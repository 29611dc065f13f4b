// @ts-check
// The app as a benchmark sees it: a production build of the working tree, served by `vite preview`, in Debian's
// Chromium (never a downloaded browser).
import { spawn, spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { REPO_ROOT } from './repo.mjs';
import { freePort, waitFor } from './server.mjs';

/** Flags for a headless Chromium on a shared machine, as the test configs launch it. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

/** Debian's Chromium, or CHROMIUM_PATH. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium for a benchmark (Playwright's driver, Debian's browser). */
export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/**
 * Builds the working tree into `outDir` (relative to the repository, or absolute) for a benchmark, against the
 * local backend's address unless `env` or this process's environment names another. Throws when the build fails.
 * `cwd`: another Vite project than the app (its own vite.config.ts), `outDir` relative to it.
 * @param {string} outDir
 * @param {{ env?: Record<string, string>, cwd?: string }} [options] `env`: VITE_ values for this build (VITE_BENCH)
 */
export function buildForBench(outDir, { env = {}, cwd = REPO_ROOT } = {}) {
  const args = ['--no-install', 'vite', 'build', '--logLevel', 'warn', '--emptyOutDir', '--outDir', outDir];
  const build = spawnSync('npx', args, {
    cwd,
    stdio: 'inherit',
    env: {
      ...process.env,
      VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? 'http://127.0.0.1:54321',
      VITE_SUPABASE_ANON_KEY: process.env.VITE_SUPABASE_ANON_KEY ?? 'bench',
      ...env,
    },
  });
  if (build.status !== 0) throw new Error(`vite build into ${outDir} failed (exit ${build.status ?? build.signal})`);
}

/**
 * `vite preview` of a build (`outDir` under `cwd`, the repository by default) on `port` or a free one, stopped
 * when this process exits or by `stop()`. Resolves once it answers.
 * @param {{ outDir?: string, cwd?: string, port?: number }} [options]
 * @returns {Promise<{ base: string, stop: () => void }>}
 */
export async function startPreview({ outDir = 'dist', cwd = REPO_ROOT, port } = {}) {
  const listenOn = port ?? (await freePort());
  const args = ['--no-install', 'vite', 'preview', '--outDir', outDir, '--port', String(listenOn), '--strictPort'];
  // Its own process group, so that stopping it also stops the vite process npx starts.
  const server = spawn('npx', args, { cwd, stdio: 'ignore', detached: true });
  const stop = () => {
    try {
      if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('exit', stop);
  const base = `http://localhost:${listenOn}`;
  try {
    await waitFor(`${base}/`, { ms: 60_000, child: server });
  } catch (err) {
    stop();
    throw err;
  }
  return { base, stop };
}
