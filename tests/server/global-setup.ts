// The server project's global setup: one migrated database per backend, made once per run, which every test store
// starts as a copy of (helpers.ts createStore). A fresh PGlite folder costs its initdb and every migration, several
// seconds each time, and the suite makes a store well over a hundred times; a copy of a migrated folder, or a
// PostgreSQL database made from a migrated template, costs a fraction of that. Migrating from nothing is still
// exercised here, once per run, by the server's own migrate(); stores that must start empty ask for it
// (createStore(backend, { empty: true })).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/lib/db.ts';
import { migrate } from '../../server/lib/migrate.ts';

async function migrated(databaseUrl: string, dataDir: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrate(database.auth);
  } finally {
    await database.close();
  }
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL! });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pgliteDir = await mkdtemp(join(tmpdir(), 'qrcraft-template-'));
  let postgresName = '';
  try {
    const pgliteDone = migrated('', pgliteDir);
    if (process.env.DATABASE_URL) {
      postgresName = `qrcraft_template_${randomBytes(6).toString('hex')}`;
      await admin((c) => c.query(`CREATE DATABASE ${postgresName}`));
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${postgresName}`;
      await migrated(url.toString(), '');
    }
    await pgliteDone;
  } catch (err) {
    await rm(pgliteDir, { recursive: true, force: true });
    if (postgresName) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`));
    throw err;
  }
  project.provide('serverTemplates', { pgliteDir, postgresName });
  return async () => {
    await rm(pgliteDir, { recursive: true, force: true });
    if (postgresName) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`));
  };
}
