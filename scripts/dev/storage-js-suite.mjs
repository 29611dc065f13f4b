#!/usr/bin/env node
// @ts-check
// Runs Supabase's own storage-js integration tests (v2.109.0, the version the lockfile pins) against the local
// server: the yardstick of docs/storage.md. Not part of npm test: it needs a supabase-js checkout (or its git
// directory), a PostgreSQL server (the suite's seed is written into the server's database before the run), and
// installs jest into a folder of its own.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/dev/storage-js-suite.mjs <checkout or git dir>
//
// It copies packages/core/storage-js into $TMPDIR/qrcraft-storage-js-suite, points the three test files that
// talk to a server at a fresh local server on a throw-away database, applies the storage part of the suite's
// test/supabase/seed.sql (buckets, objects and policies; its auth.users rows need pgcrypto and are left out: the
// storage tables here have no foreign key to them), runs jest and writes bench-results/storage-js-suite.json.
// The suite's service key is signed with the Supabase CLI's demo secret, which is the local server's default.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { REPO_ROOT as root } from '../bench/lib/repo.mjs';
import { freePort, startLocalServer } from '../bench/lib/server.mjs';
import { copyCorePackage, inlineBaseTsconfig } from './lib/supabaseJsPackage.mjs';

const REF = process.env.STORAGE_JS_REF ?? 'v2.109.0';
const FILES = ['test/storageApi.test.ts', 'test/storageFileApi.test.ts', 'test/storageFileApiNode.test.ts'];
const DEV_DEPENDENCIES = {
  '@types/jest': '30.0.0',
  '@types/node': '20.19.9',
  jest: '30.4.2',
  'ts-jest': '^29.4.9',
  tslib: '2.8.1',
  typescript: '~5.8.3',
};

/** @param {string} line @returns {never} */
function fail(line) {
  console.error(`✖ ${line}`);
  process.exit(1);
}

const [source, ...jestArgs] = process.argv.slice(2);
if (!source) fail('usage: node scripts/dev/storage-js-suite.mjs <supabase-js checkout or git dir> [jest args…]');
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) fail('set DATABASE_URL to a PostgreSQL server (a throw-away database is made on it)');
const work = join(tmpdir(), 'qrcraft-storage-js-suite');
const pkg = join(work, 'storage-js');
rmSync(pkg, { recursive: true, force: true });
mkdirSync(pkg, { recursive: true });
copyCorePackage({ source, ref: REF, name: 'storage-js', dest: pkg, fail });
inlineBaseTsconfig(pkg);

// The suite's test tools and storage-js's own run-time dependencies (iceberg-js for the analytics client).
const runtime = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).dependencies ?? {};
const tools = { ...DEV_DEPENDENCIES, ...runtime };
writeFileSync(
  join(work, 'package.json'),
  JSON.stringify({ name: 'qrcraft-storage-js-suite', private: true, devDependencies: tools }, null, 2),
);
if (Object.keys(tools).some((name) => !existsSync(join(work, 'node_modules', name, 'package.json')))) {
  console.log('› installing the suite’s test tools (once)…');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--legacy-peer-deps', '--loglevel=error'], {
    cwd: work,
    stdio: 'inherit',
  });
  if (install.status !== 0) fail('npm install of the test tools failed (see above)');
}

// A throw-away database and storage folder, a fresh server on them, then the suite's seed.
const dbName = `qrcraft_storage_suite_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const storageDir = mkdtempSync(join(tmpdir(), 'storage-js-suite-files-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}/storage/v1`;
for (const file of FILES) {
  const path = join(pkg, file);
  writeFileSync(path, readFileSync(path, 'utf8').replaceAll('http://127.0.0.1:54321/storage/v1', url));
}
let serverOut = '';
/** @type {import('../bench/lib/server.mjs').LocalServer} */
let server;
try {
  server = await startLocalServer({
    port,
    env: {
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: storageDir,
      STORAGE_DIR: storageDir,
      AUTH_RATE_LIMITS: 'off',
      SMTP_HOST: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    readyMs: 60_000,
    onSpawn: (child) => {
      child.stdout?.on('data', (d) => (serverOut += d));
      child.stderr?.on('data', (d) => (serverOut += d));
    },
  });
} catch (err) {
  fail(`the local server did not start (${err instanceof Error ? err.message : err}):\n${serverOut}`);
}
const seed = readFileSync(join(pkg, 'test', 'supabase', 'seed.sql'), 'utf8');
const storagePart = seed.slice(seed.indexOf('-- Insert test buckets'));
const db = new pg.Client({ connectionString: dbUrl.toString() });
await db.connect();
await db.query(storagePart);
await db.end();

const resultFile = join(work, 'result.json');
const jest = spawnSync(
  join(work, 'node_modules', '.bin', 'jest'),
  ['--coverage=false', '--runInBand', '--json', `--outputFile=${resultFile}`, ...FILES, ...jestArgs],
  { cwd: pkg, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_PATH: join(work, 'node_modules') } },
);
await server.stop();
writeFileSync(join(work, 'server.log'), serverOut);
rmSync(storageDir, { recursive: true, force: true });
const drop = new pg.Client({ connectionString: adminUrl });
await drop.connect();
await drop.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await drop.end();
if (!existsSync(resultFile)) fail(`jest wrote no result (exit ${jest.status})`);

/**
 * @typedef {{ status: string, fullName: string, failureMessages: string[] }} JestAssertion
 * @typedef {{ name: string, assertionResults: JestAssertion[] }} JestFile
 * @typedef {{ testResults: JestFile[], numPassedTests: number, numFailedTests: number, numPendingTests: number,
 *   numTotalTests: number }} JestResult
 */
/** @type {JestResult} */
const result = JSON.parse(readFileSync(resultFile, 'utf8'));
const files = result.testResults.map((f) => ({
  file: f.name.slice(pkg.length + 1),
  passed: f.assertionResults.filter((a) => a.status === 'passed').length,
  failed: f.assertionResults
    .filter((a) => a.status === 'failed')
    .map((a) => ({
      test: a.fullName,
      first: (a.failureMessages[0] ?? '').split('\n').slice(0, 3).join(' ').slice(0, 300),
    })),
}));
const summary = {
  ref: REF,
  files: FILES,
  passed: result.numPassedTests,
  failed: result.numFailedTests,
  skipped: result.numPendingTests,
  total: result.numTotalTests,
  results: files,
};
mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(join(root, 'bench-results', 'storage-js-suite.json'), `${JSON.stringify(summary, null, 2)}\n`);
console.log(
  `\n${summary.passed} passed, ${summary.failed} failed (${summary.skipped} skipped) — bench-results/storage-js-suite.json`,
);
