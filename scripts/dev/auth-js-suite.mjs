#!/usr/bin/env node
// @ts-check
// Runs Supabase's own auth-js test suite (v2.109.0, the version the lockfile pins) against the local server:
// the yardstick of docs/auth-contract-recovery.md. Not part of npm test: it needs a supabase-js checkout and
// installs jest into a folder of its own.
//
//   node scripts/dev/auth-js-suite.mjs <supabase-js checkout or git dir> [jest args…]
//   e.g. git clone --branch v2.109.0 https://github.com/supabase/supabase-js ../supabase-js
//        node scripts/dev/auth-js-suite.mjs ../supabase-js -t "resetPasswordForEmail|verifyOtp|admin"
//
// It copies packages/core/auth-js into $TMPDIR/qrcraft-auth-js-suite, installs the suite's test tools there
// (once), points test/lib/clients.ts at a fresh local server and signs its keys with the server's HS256 demo
// secret (the suite's own keys are RS256 ones made by the Supabase CLI), then runs jest and writes the result
// to bench-results/auth-js-suite.json.
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT as root } from '../bench/lib/repo.mjs';
import { freePort, startLocalServer } from '../bench/lib/server.mjs';
import { copyCorePackage, inlineBaseTsconfig } from './lib/supabaseJsPackage.mjs';

const REF = process.env.AUTH_JS_REF ?? 'v2.109.0';
const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const DEV_DEPENDENCIES = {
  '@faker-js/faker': '^9.9.0',
  '@types/jest': '30.0.0',
  '@types/jsonwebtoken': '^8.5.8',
  '@types/node': '20.19.9',
  jest: '30.4.2',
  'jest-environment-jsdom': '30.4.1',
  'jest-mock-server': '^0.1.0',
  jsonwebtoken: '^9.0.0',
  prettier: '^3.6.2',
  'ts-jest': '^29.4.9',
  tslib: '2.8.1',
  typescript: '~5.8.3',
};

/**
 * @param {string} line
 * @returns {never}
 */
function fail(line) {
  console.error(`✖ ${line}`);
  process.exit(1);
}

const b64url = (/** @type {string | object} */ value) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
/** @param {object} payload */
function hs256(payload) {
  const head = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}`;
  return `${head}.${createHmac('sha256', SECRET).update(head).digest('base64url')}`;
}

const [source, ...jestArgs] = process.argv.slice(2);
if (!source) fail('usage: node scripts/dev/auth-js-suite.mjs <supabase-js checkout or git dir> [jest args…]');
const work = join(tmpdir(), 'qrcraft-auth-js-suite');
const pkg = join(work, 'auth-js');

// The suite's sources, fresh each run: a work tree, or the tag from a git directory.
rmSync(join(pkg, 'src'), { recursive: true, force: true });
rmSync(join(pkg, 'test'), { recursive: true, force: true });
mkdirSync(pkg, { recursive: true });
copyCorePackage({
  source,
  ref: REF,
  name: 'auth-js',
  dest: pkg,
  only: ['src', 'test', 'tsconfig.json', 'tsconfig.test.json', 'jest.config.cli.js'],
  fail,
});
inlineBaseTsconfig(pkg);

writeFileSync(
  join(work, 'package.json'),
  JSON.stringify({ name: 'qrcraft-auth-js-suite', private: true, devDependencies: DEV_DEPENDENCIES }, null, 2),
);
if (!existsSync(join(work, 'node_modules', '.bin', 'jest'))) {
  console.log('› installing the suite’s test tools (once)…');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--legacy-peer-deps', '--loglevel=error'], {
    cwd: work,
    stdio: 'inherit',
  });
  if (install.status !== 0) fail('npm install of the test tools failed (see above)');
}

// A fresh local server, like `supabase start` with the suite's test/supabase/config.toml.
const port = await freePort();
const url = `http://127.0.0.1:${port}/auth/v1`;
const clients = join(pkg, 'test', 'lib', 'clients.ts');
let text = readFileSync(clients, 'utf8');
text = text.replace("'http://127.0.0.1:54321/auth/v1'", `'${url}'`);
const keys =
  `export const SUPABASE_PUBLISHABLE_KEY = '${hs256({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 })}'\n` +
  `export const SUPABASE_SECRET_KEY = '${hs256({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 })}'\n` +
  `const AUTH_ADMIN_JWT = '${hs256({ sub: '1234567890', role: 'supabase_admin' })}'\n`;
const start = text.indexOf('// Load RSA private key');
const end = text.indexOf('export const authClient ');
if (start < 0 || end < 0) fail('test/lib/clients.ts has changed shape: update the key patch in this script');
text = text.slice(0, start) + keys + '\n' + text.slice(end);
writeFileSync(clients, text);

const dataDir = mkdtempSync(join(tmpdir(), 'auth-js-suite-db-'));
const log = join(work, 'server.log');
let serverOut = '';
/** @type {import('../bench/lib/server.mjs').LocalServer} */
let server;
try {
  server = await startLocalServer({
    port,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      AUTH_RATE_LIMITS: 'off',
      SITE_URL: 'http://127.0.0.1:3000',
      ADDITIONAL_REDIRECT_URLS: 'https://127.0.0.1:3000,http://localhost:5173,https://localhost:9000',
      AUTH_EMAIL_MAX_FREQUENCY: '1',
      SMTP_HOST: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    readyMs: 30_000,
    onSpawn: (child) => {
      child.stdout?.on('data', (d) => (serverOut += d));
      child.stderr?.on('data', (d) => (serverOut += d));
    },
  });
} catch (err) {
  fail(`the local server did not start (${err instanceof Error ? err.message : err}):\n${serverOut}`);
}

const resultFile = join(work, 'result.json');
const jest = spawnSync(
  join(work, 'node_modules', '.bin', 'jest'),
  ['-c', 'jest.config.cli.js', '--coverage=false', '--runInBand', '--json', `--outputFile=${resultFile}`, ...jestArgs],
  { cwd: pkg, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_PATH: join(work, 'node_modules') } },
);
await server.stop();
writeFileSync(log, serverOut);
rmSync(dataDir, { recursive: true, force: true });
if (!existsSync(resultFile)) fail(`jest wrote no result (exit ${jest.status})`);

/**
 * The parts of jest's --json result read here.
 * @typedef {{ status: string, fullName: string }} JestAssertion
 * @typedef {{ name: string, assertionResults: JestAssertion[] }} JestFile
 * @typedef {{ testResults: JestFile[], numPassedTests: number, numFailedTests: number, numPendingTests: number,
 *   numTotalTests: number }} JestResult
 */
/** @type {JestResult} */
const result = JSON.parse(readFileSync(resultFile, 'utf8'));
const files = result.testResults.map((f) => ({
  file: f.name.slice(pkg.length + 1),
  passed: f.assertionResults.filter((a) => a.status === 'passed').length,
  failed: f.assertionResults.filter((a) => a.status === 'failed').map((a) => a.fullName),
}));
const summary = {
  ref: REF,
  args: jestArgs,
  passed: result.numPassedTests,
  failed: result.numFailedTests,
  skipped: result.numPendingTests,
  total: result.numTotalTests,
  files,
};
mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(join(root, 'bench-results', 'auth-js-suite.json'), `${JSON.stringify(summary, null, 2)}\n`);
console.log(
  `\n${summary.passed} passed, ${summary.failed} failed (${summary.skipped} skipped) — bench-results/auth-js-suite.json`,
);
