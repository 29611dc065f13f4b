// Applies server/migrations/*.sql (auth: roles, schema, functions) and then supabase/migrations/*.sql (the
// app's tables, the same files a Supabase project runs) in name order, each once, recording them in
// qrcraft_meta.migrations (app migrations under a `supabase/` prefix).
import { readdir, readFile } from 'node:fs/promises';
import type { Db } from './db.ts';

const MIGRATION_DIRS: ReadonlyArray<{ dir: URL; prefix: string }> = [
  { dir: new URL('../migrations/', import.meta.url), prefix: '' },
  { dir: new URL('../../supabase/migrations/', import.meta.url), prefix: 'supabase/' },
];

interface Migration {
  name: string;
  file: URL;
}

async function listAll(): Promise<Migration[]> {
  const out: Migration[] = [];
  for (const { dir, prefix } of MIGRATION_DIRS) {
    const names = (await readdir(dir)).filter((n) => n.endsWith('.sql')).sort();
    for (const n of names) out.push({ name: `${prefix}${n}`, file: new URL(n, dir) });
  }
  return out;
}

/** Recorded names of every migration, auth ones first, in the order they are applied. */
export async function listMigrations(): Promise<string[]> {
  return (await listAll()).map((m) => m.name);
}

/** Applies pending migrations in one transaction; returns the names applied now. Idempotent. */
export async function migrate(db: Db): Promise<string[]> {
  const migrations = await listAll();
  return db.transaction(async (tx) => {
    // Two servers starting on one database wait for each other here.
    await tx.query(`SELECT pg_advisory_xact_lock(4242001)`);
    await tx.exec(`
      CREATE SCHEMA IF NOT EXISTS qrcraft_meta;
      CREATE TABLE IF NOT EXISTS qrcraft_meta.migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      );`);
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM qrcraft_meta.migrations')).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const { name, file } of migrations) {
      if (done.has(name)) continue;
      await tx.exec(await readFile(file, 'utf8'));
      await tx.query('INSERT INTO qrcraft_meta.migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    }
    return applied;
  });
}
