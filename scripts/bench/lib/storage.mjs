// @ts-check
// Fresh storage for a benchmark's own server: a temp PGlite directory, or, when BENCH_DATABASE_URL names a
// PostgreSQL server, a new qrcraft_bench_* database on it. `dispose()` removes either.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * @param {string} serverUrl
 * @param {string} sql
 */
async function adminQuery(serverUrl, sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Storage for one benchmark server: pass `dataDir` and `databaseUrl` to it as DATA_DIR and DATABASE_URL (one of
 * them is empty).
 * @typedef {{ dataDir: string, databaseUrl: string, dispose: () => Promise<void> }} BenchStorage
 */

/**
 * @param {string} serverUrl a PostgreSQL server, or '' for PGlite
 * @param {string} tmpPrefix the temp folder's name prefix (PGlite)
 * @returns {Promise<BenchStorage>}
 */
export async function freshBenchStorage(serverUrl, tmpPrefix) {
  if (!serverUrl) {
    const dataDir = mkdtempSync(join(os.tmpdir(), tmpPrefix));
    return { dataDir, databaseUrl: '', dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `qrcraft_bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    dataDir: '',
    databaseUrl: url.toString(),
    dispose: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
