// Fresh storage for a benchmark's own server: a temp PGlite directory, or, when BENCH_DATABASE_URL names a
// PostgreSQL server, a new qrcraft_bench_* database on it. `dispose()` removes either.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

async function adminQuery(serverUrl, sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `{ dataDir, databaseUrl, dispose }`: pass the first two to the server as DATA_DIR and DATABASE_URL. */
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
