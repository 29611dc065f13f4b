// Shared test plumbing: backends (PGlite always, PostgreSQL when DATABASE_URL is set), throw-away
// databases, an adjustable clock, the server started in-process or as a process, and real supabase-js clients.
// A suite that needs one server per backend writes:
//   describe.each(backends)('… on %s', (backend) => {
//     const srv = suiteServer(backend); // started in beforeAll, stopped (and its store dropped) in afterAll
//     it('…', async () => { await fetch(`${srv.url}/auth/v1/health`); });
//   });
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import WebSocket from 'ws';
import { createServer, type AuthServer } from '../../server/app.ts';
import { SignJWT } from 'jose';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET, loadConfig, type ServerConfig } from '../../server/lib/config.ts';

export type BackendName = 'pglite' | 'postgres';

/** Every suite runs on PGlite, and a second time on PostgreSQL when DATABASE_URL is set. */
export const backends: BackendName[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestStore {
  backend: BackendName;
  dataDir: string;
  databaseUrl: string;
  /** Removes the temp dir or drops the throw-away database. */
  drop(): Promise<void>;
}

/**
 * A fresh storage location: a temp dir for PGlite, a `qrcraft_test_<random>` database for PostgreSQL. It starts as a
 * copy of the run's migrated template (global-setup.ts), or empty with `{ empty: true }`.
 */
export async function createStore(backend: BackendName, opts: { empty?: boolean } = {}): Promise<TestStore> {
  const template = opts.empty ? null : inject('serverTemplates');
  if (backend === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'qrcraft-auth-'));
    if (template) await cp(template.pgliteDir, dataDir, { recursive: true });
    return { backend, dataDir, databaseUrl: '', drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.DATABASE_URL!;
  const name = `qrcraft_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template.postgresName}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    backend,
    dataDir: '',
    databaseUrl: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const storageDirs = new WeakMap<TestStore, string>();
function storageDirFor(store: TestStore): string {
  let dir = storageDirs.get(store);
  if (!dir) storageDirs.set(store, (dir = join(tmpdir(), `qrcraft-storage-${randomBytes(6).toString('hex')}`)));
  return dir;
}

/** Real time plus an offset the test can move forward; a frozen clock only moves when told to. */
export class TestClock {
  offsetMs = 0;
  private readonly frozenAt: number | null;
  constructor(opts: { frozen?: boolean } = {}) {
    this.frozenAt = opts.frozen ? Date.now() : null;
  }
  readonly now = (): number => (this.frozenAt ?? Date.now()) + this.offsetMs;
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

export interface RunningServer {
  server: AuthServer;
  url: string;
  clock: TestClock;
  /** Lines the server logged (unexpected errors land here). */
  logs: string[];
  config: ServerConfig;
  stop(): Promise<void>;
}

/** Settings a test changes; `storage` is merged into the default one (its dir stays the store's). */
export type ServerOverrides = Omit<Partial<ServerConfig>, 'storage'> & { storage?: Partial<ServerConfig['storage']> };

/**
 * Starts the server in-process on an ephemeral port; rate limits off unless the overrides turn them on.
 * The clock is frozen by default, so intervals and buckets only move when a test advances it.
 */
export async function startServer(
  store: TestStore,
  overrides: ServerOverrides = {},
  clock = new TestClock({ frozen: true }),
): Promise<RunningServer> {
  const logs: string[] = [];
  const base = loadConfig({});
  // The environment decides the backend's defaults (API_MAX_ROWS), as it does for `npm run server`.
  const config = loadConfig(
    { DATABASE_URL: store.databaseUrl },
    {
      port: 0,
      dataDir: store.dataDir,
      databaseUrl: store.databaseUrl,
      jwtIssuer: 'http://127.0.0.1:54321/auth/v1',
      now: clock.now,
      log: (line) => logs.push(line),
      ...overrides,
      // PostgreSQL stores have no data dir: their object bytes go to a temp dir of their own.
      storage: {
        ...base.storage,
        dir: store.dataDir ? join(store.dataDir, 'storage') : storageDirFor(store),
        ...overrides.storage,
      },
      rateLimits: { ...base.rateLimits, enabled: false, ...overrides.rateLimits },
    },
  );
  const server = await createServer(config);
  const url = await server.listen(0);
  return { server, url, clock, logs, config, stop: () => server.close() };
}

/** Reads through to a value that exists only once a beforeAll hook has made it. */
function whenStarted<T>(what: string, get: () => T | undefined): () => T {
  return () => {
    const value = get();
    if (value === undefined) throw new Error(`${what} is made in beforeAll: use it inside hooks and tests`);
    return value;
  };
}

/**
 * A fresh store for the enclosing describe block: created in beforeAll, dropped in afterAll. The object reads
 * through to it, so it can be handed to suiteServer or startServer inside hooks and tests.
 */
export function suiteStore(backend: BackendName): TestStore {
  let store: TestStore | undefined;
  beforeAll(async () => {
    store = await createStore(backend);
  });
  afterAll(async () => {
    await store?.drop();
  });
  const get = whenStarted("suiteStore's store", () => store);
  return {
    backend,
    get dataDir() {
      return get().dataDir;
    },
    get databaseUrl() {
      return get().databaseUrl;
    },
    drop: () => get().drop(),
  };
}

export interface SuiteServer extends RunningServer {
  readonly store: TestStore;
}

/**
 * One server for the enclosing describe block, started in beforeAll (after the hooks registered before this
 * call, before those registered after it) and stopped in afterAll. Given a backend it also makes the store
 * and drops it afterwards; given a store (suiteStore) it shares that one. The object reads through to the
 * running server: `srv.url`, `srv.clock`, `srv.server.db`, `srv.config`, `srv.logs`, `srv.store`.
 */
export function suiteServer(where: BackendName | TestStore, overrides: ServerOverrides = {}): SuiteServer {
  const store = typeof where === 'string' ? suiteStore(where) : where;
  let running: RunningServer | undefined;
  beforeAll(async () => {
    running = await startServer(store, overrides);
  });
  afterAll(async () => {
    await running?.stop();
  });
  const get = whenStarted("suiteServer's server", () => running);
  return {
    store,
    get server() {
      return get().server;
    },
    get url() {
      return get().url;
    },
    get clock() {
      return get().clock;
    },
    get logs() {
      return get().logs;
    },
    get config() {
      return get().config;
    },
    stop: () => get().stop(),
  };
}

/** Runs fn with a server of its own on store, and stops the server afterwards, whatever fn does. */
export async function withServer<T>(
  store: TestStore,
  overrides: ServerOverrides,
  fn: (srv: RunningServer) => Promise<T>,
): Promise<T> {
  const srv = await startServer(store, overrides);
  try {
    return await fn(srv);
  } finally {
    await srv.stop();
  }
}

/** Runs fn with a fresh store of its own, and drops the store afterwards, whatever fn does. */
export async function withStore<T>(backend: BackendName, fn: (store: TestStore) => Promise<T>): Promise<T> {
  const store = await createStore(backend);
  try {
    return await fn(store);
  } finally {
    await store.drop();
  }
}

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/** The real client as an app would create it, with the ws WebSocket for Node 20 (contract §0.1). */
export function makeClient(url: string, key: string = DEMO_ANON_KEY): SupabaseClient {
  return createClient(url, key, {
    realtime: { transport: WebSocket as unknown as RealtimeTransport },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/** A service_role key signed with the demo secret, as the Supabase CLI's own demo service key is. */
export function serviceRoleKey(): Promise<string> {
  return new SignJWT({ iss: 'supabase-demo', role: 'service_role' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(DEMO_JWT_SECRET));
}

let counter = 0;
/** A unique, valid address for one test. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(4).toString('hex')}@example.com`;
}

export const PASSWORD = 'correct-horse-42';

/** Signs up through supabase-js and returns the client holding the session. */
export async function signedUpClient(url: string, email = uniqueEmail(), password = PASSWORD) {
  const client = makeClient(url);
  const { data, error } = await client.auth.signUp({ email, password });
  if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
  return { client, email, password, session: data.session, user: data.user };
}

/**
 * Puts a user on a plan, as the service role does: `auth.users.raw_app_meta_data->>'plan'` ('pro', 'business';
 * anything else, here 'free', is Free). The database reads it on every write of scan settings.
 */
export async function setPlan(
  db: { query: (sql: string, params?: unknown[]) => Promise<unknown> },
  userId: string,
  plan: 'free' | 'pro' | 'business',
) {
  await db.query(
    `UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || jsonb_build_object('plan', $2::text) WHERE id = $1`,
    [userId, plan],
  );
}

/** Plain HTTP call with supabase-js's headers (§1.2); returns status, headers and the parsed body. */
export async function api(
  url: string,
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string>; token?: string } = {},
): Promise<{ status: number; headers: Headers; body: unknown; text: string }> {
  const headers: Record<string, string> = {
    apikey: DEMO_ANON_KEY,
    Authorization: `Bearer ${init.token ?? DEMO_ANON_KEY}`,
    'X-Supabase-Api-Version': '2024-01-01',
    'Content-Type': 'application/json;charset=UTF-8',
    ...init.headers,
  };
  const res = await fetch(`${url}${path}`, { method: init.method ?? 'GET', headers, body: init.body });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** The JSON-serialised view of an auth-js error: {name, message, status, code} (§1.5). */
export function errorView(error: unknown): { name: string; message: string; status: unknown; code: unknown } {
  if (!(error instanceof Error)) throw new Error(`expected an error, got ${JSON.stringify(error)}`);
  const e = error as Error & { status?: unknown; code?: unknown };
  return { name: e.name, message: e.message, status: e.status, code: e.code };
}

export interface ServerProcess {
  child: import('node:child_process').ChildProcess;
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * Runs the server as `npm run server` does (tsx server/main.ts) in a child process, on an ephemeral port, and
 * waits for its "listening" line. Rejects with the output if the process exits first.
 */
export async function spawnServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  /** Another way to start it (e.g. `npm run server` in another folder); the default is this checkout's main.ts. */
  how: { command: string; args: string[]; cwd: string; detached?: boolean } = {
    command: process.execPath,
    args: ['--import', 'tsx', 'server/main.ts'],
    cwd: new URL('../..', import.meta.url).pathname,
  },
): Promise<ServerProcess> {
  const { spawn } = await import('node:child_process');
  const child = spawn(how.command, how.args, {
    cwd: how.cwd,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', AUTH_RATE_LIMITS: 'off', ENV_FILES: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: how.detached ?? false,
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start within ${timeoutMs} ms:\n${out}`)),
      timeoutMs,
    );
    const check = () => {
      const m = /listening on (http:\/\/[^/\s]+)\/auth\/v1/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${out}`));
    });
  });
  return { child, url, output: () => out, exited };
}
