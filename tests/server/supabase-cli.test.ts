// supabase/migrations must apply with the Supabase CLI itself (`supabase db push`, the command a real project
// runs), not only through our server's migrate.ts. The CLI (node_modules/.bin/supabase) pushes to a throw-away
// PostgreSQL database prepared as a Supabase project's is before its first migration: the roles, the auth schema
// and auth.uid() etc., from the same server/migrations files our server applies on a plain PostgreSQL.
// PostgreSQL only (DATABASE_URL; CI sets it): the CLI speaks the wire protocol and PGlite has no socket here.
// No Docker and no network: DOCKER_HOST points nowhere, and every HTTP(S) request would go through a recording
// proxy that must stay unused (the CLI's update check and telemetry are turned off by their variables).
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations } from '../../server/lib/migrate.ts';
import { backends, createStore, withServer, type TestStore } from './helpers.ts';
import { recordingProxy, runCli, type CliRun } from './supabase-cli.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const MIGRATIONS_DIR = join(ROOT, 'supabase', 'migrations');
const migrationFiles = readdirSync(MIGRATIONS_DIR)
  .filter((name) => name.endsWith('.sql'))
  .sort();
// The CLI's own pattern (pkg/migration: `^([0-9]+)_(.*)\.sql$`); a file that does not match is skipped silently.
const CLI_FILE_NAME = /^(\d+)_(.*)\.sql$/;

describe('supabase/migrations as the Supabase CLI reads them', () => {
  it('names every file <version>_<name>.sql with a distinct version, so the CLI skips none', () => {
    expect(migrationFiles.length).toBeGreaterThan(0);
    for (const name of migrationFiles) expect(name, name).toMatch(CLI_FILE_NAME);
    const versions = migrationFiles.map((name) => CLI_FILE_NAME.exec(name)![1]);
    expect(new Set(versions).size).toBe(versions.length);
  });
});

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** What a Supabase project has before its first migration, as our server prepares a plain PostgreSQL. */
async function prepareAsSupabase(databaseUrl: string): Promise<string[]> {
  const authMigrations = (await listMigrations()).filter((name) => !name.startsWith('supabase/'));
  await withClient(databaseUrl, async (c) => {
    for (const name of authMigrations) await c.query(readFileSync(join(ROOT, 'server', 'migrations', name), 'utf8'));
  });
  return authMigrations;
}

/**
 * The public schema as data: tables with their columns and RLS flag, functions with their arguments, policies,
 * and what anon / authenticated / service_role may do with each table and function.
 */
async function publicSchema(databaseUrl: string): Promise<Record<string, unknown[]>> {
  return withClient(databaseUrl, async (c) => {
    const q = async (sql: string) => (await c.query(sql)).rows as unknown[];
    return {
      columns: await q(`
        select table_name, column_name, data_type, is_nullable, column_default
          from information_schema.columns where table_schema = 'public' order by 1, 2`),
      rls: await q(`
        select relname, relrowsecurity, relforcerowsecurity from pg_class
         where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by 1`),
      functions: await q(`
        select p.proname, pg_get_function_identity_arguments(p.oid) as args, p.prosecdef, p.provolatile,
               array(select r from unnest(array['anon', 'authenticated', 'service_role']) r
                      where has_function_privilege(r, p.oid, 'execute')) as executable_by
          from pg_proc p where p.pronamespace = 'public'::regnamespace order by 1, 2`),
      policies: await q(`
        select tablename, policyname, cmd, roles::text[], qual, with_check from pg_policies
         where schemaname = 'public' order by 1, 2`),
      tableGrants: await q(`
        select table_name, grantee, privilege_type from information_schema.role_table_grants
         where table_schema = 'public' and grantee in ('anon', 'authenticated', 'service_role') order by 1, 2, 3`),
      triggers: await q(`
        select event_object_table, trigger_name, event_manipulation, action_timing from information_schema.triggers
         where trigger_schema = 'public' order by 1, 2, 3`),
    };
  });
}

describe.each(backends.filter((b) => b === 'postgres'))('supabase db push (Supabase CLI) on %s', (backend) => {
  let store: TestStore;
  let workdir: string;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  let push: CliRun;
  let authMigrations: string[];

  beforeAll(async () => {
    store = await createStore(backend, { empty: true });
    authMigrations = await prepareAsSupabase(store.databaseUrl);
    // A copy of supabase/ outside the checkout: the CLI writes supabase/.temp/ and reads supabase/.env files
    // in its workdir, and this run must neither change the checkout nor depend on a developer's files there.
    workdir = mkdtempSync(join(tmpdir(), 'qrcraft-supabase-cli-'));
    cpSync(MIGRATIONS_DIR, join(workdir, 'supabase', 'migrations'), { recursive: true });
    const config = join(ROOT, 'supabase', 'config.toml');
    if (existsSync(config)) cpSync(config, join(workdir, 'supabase', 'config.toml'));
    proxy = await recordingProxy();
    const url = new URL(store.databaseUrl);
    url.searchParams.set('sslmode', 'disable');
    push = await runCli(['db', 'push', '--db-url', url.toString(), '--workdir', workdir, '--yes'], proxy.url, workdir);
  });

  afterAll(async () => {
    proxy?.server.close();
    if (workdir) rmSync(workdir, { recursive: true, force: true });
    await store?.drop();
  });

  it('applies every migration file and records each in supabase_migrations.schema_migrations', async () => {
    expect(push.output).toContain('Finished supabase db push');
    expect(push.code).toBe(0);
    for (const file of migrationFiles) expect(push.output).toContain(`Applying migration ${file}`);
    const recorded = await withClient(store.databaseUrl, async (c) => {
      const { rows } = await c.query<{ version: string; name: string; statements: string[] }>(
        'select version, name, statements from supabase_migrations.schema_migrations order by version',
      );
      return rows;
    });
    expect(recorded.map((r) => `${r.version}_${r.name}.sql`)).toEqual(migrationFiles);
    for (const row of recorded) expect(row.statements.length, row.name).toBeGreaterThan(0);
  });

  it('needed neither Docker nor the network', () => {
    expect(push.code).toBe(0);
    expect(proxy.seen).toEqual([]);
  });

  it('builds the schema the app uses: tables under RLS, the redirect and analytics functions', async () => {
    const schema = await publicSchema(store.databaseUrl);
    const rls = schema.rls as Array<{ relname: string; relrowsecurity: boolean }>;
    expect(rls.map((r) => r.relname)).toEqual(expect.arrayContaining(['qr_codes', 'scan_events']));
    for (const table of rls) expect(table.relrowsecurity, table.relname).toBe(true);
    const functions = schema.functions as Array<{ proname: string; executable_by: string[] }>;
    const executable = (name: string) => functions.find((f) => f.proname === name)?.executable_by;
    // The redirect (Edge Function `r`, service role) records scans; the anon key alone cannot read the codes.
    expect(executable('redirect_target')).toEqual(['service_role']);
    expect(executable('record_scan')).toEqual(['service_role']);
    expect(executable('dashboard_summary')).not.toContain('anon');
  });

  it('enforces row-level security on the pushed schema: a user reads only their own codes', async () => {
    const [alice, bob] = [crypto.randomUUID(), crypto.randomUUID()];
    await withClient(store.databaseUrl, async (c) => {
      await c.query(`insert into auth.users (id, email) values ($1, 'alice@example.com'), ($2, 'bob@example.com')`, [
        alice,
        bob,
      ]);
      await c.query(`insert into public.qr_codes (user_id, name, content) values ($1, 'Alice''s code', 'hello')`, [
        alice,
      ]);
      const asUser = async (sub: string) => {
        await c.query('begin');
        try {
          await c.query('set local role authenticated');
          await c.query(`select set_config('request.jwt.claims', $1, true)`, [
            JSON.stringify({ sub, role: 'authenticated' }),
          ]);
          return (await c.query<{ name: string }>('select name from public.qr_codes')).rows.map((r) => r.name);
        } finally {
          await c.query('rollback');
        }
      };
      expect(await asUser(alice)).toEqual(["Alice's code"]);
      expect(await asUser(bob)).toEqual([]);
    });
  });

  it('gives the same public schema as our server migrating a plain PostgreSQL (migrate.ts)', async () => {
    const ours = await createStore(backend);
    try {
      await withServer(ours, {}, async () => undefined);
      expect(await publicSchema(store.databaseUrl)).toEqual(await publicSchema(ours.databaseUrl));
    } finally {
      await ours.drop();
    }
  });

  it('prepared the database from the same auth migrations our server applies first', () => {
    expect(authMigrations.length).toBeGreaterThan(0);
    expect(authMigrations.every((name) => /^\d{4}_.*\.sql$/.test(name))).toBe(true);
  });
});
