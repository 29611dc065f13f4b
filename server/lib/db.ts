// One tiny query interface over PGlite (embedded, default) and PostgreSQL via `pg` (DATABASE_URL), in lanes:
// `auth` (GoTrue's work: sign-in, refresh, sign-up), `api` (the data API) and `redirect` (the scans). In the
// hosted stack GoTrue and PostgREST have separate connection pools; the lanes give us the same isolation, so a
// flood of data-API requests cannot make a login wait for a connection (PostgreSQL: a pool per lane; PGlite, which
// runs one statement at a time: auth work is served before queued API work, and the redirect shares the API's
// turn).
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { LaneLock, type Lane } from './lane-lock.ts';

export type Row = Record<string, unknown>;

export interface Queryable {
  /** Runs one parameterised statement ($1, $2 …) and returns its rows. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Set when every connection of the lane was opened as this role (PostgreSQL's redirect lane): a statement runs
   * as it on its own, in one round trip, without a transaction to switch roles (as-role.ts).
   */
  readonly role?: 'service_role';
  /**
   * Runs fn inside BEGIN … COMMIT, rolling back if it throws. `caller` (a user or client address) lets PGlite
   * take data-API callers in turns; PostgreSQL ignores it.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, opts?: { caller?: string }): Promise<T>;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** GoTrue's lane (also migrations and tests). */
  readonly auth: Db;
  /** The data API's lane. */
  readonly api: Db;
  /** The redirect's lane (PostgreSQL: connections opened as service_role; PGlite: the API's lane). */
  readonly redirect: Db;
  close(): Promise<void>;
}

/**
 * The database could not be reached, or the connection broke while a request was using it. Only the requests
 * on that connection fail (503); the pool discards the connection and later requests open new ones.
 */
export class DbUnavailableError extends Error {
  readonly code = 'db_unavailable';
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DbUnavailableError';
  }
}

// SQLSTATE classes and codes that mean "the connection is gone", not "the statement was wrong":
// 08 connection exception, 57P01 admin_shutdown (pg_terminate_backend), 57P02 crash_shutdown,
// 57P03 cannot_connect_now (starting up / shutting down).
const CONNECTION_SQLSTATES = /^(08...|57P0[123])$/;
const SOCKET_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// node-postgres reports a lost socket with plain Errors and these messages.
const PG_CONNECTION_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable|Cannot use a pool after calling end/;

export function isConnectionError(err: unknown): boolean {
  if (err instanceof DbUnavailableError) return true;
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_SQLSTATES.test(code) || SOCKET_ERRNOS.has(code))) return true;
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && PG_CONNECTION_MESSAGES.test(message);
}

const asDbError = (err: unknown): unknown =>
  isConnectionError(err) && !(err instanceof DbUnavailableError) ? new DbUnavailableError(err) : err;

/**
 * PGlite checks some bind values in JavaScript before PostgreSQL sees them ("Invalid input for boolean type" for
 * `?is_dynamic=eq.maybe`), with a plain Error. PostgreSQL answers the same value with 22P02; so do we.
 */
function asSqlInputError(err: unknown): unknown {
  const m = err instanceof Error && !('code' in err) ? /^Invalid input for (\w+) type$/.exec(err.message) : null;
  if (!m) return err;
  return Object.assign(new Error(`invalid input syntax for type ${m[1]}`), { code: '22P02' });
}

async function openPglite(dataDir: string): Promise<Database> {
  await mkdir(dataDir, { recursive: true });
  // Two processes on one PGlite folder would each keep their own copy in memory and overwrite each other's
  // writes: the first owner wins, the second refuses to start.
  const releaseLock = await acquireDataDirLock(dataDir);
  let lite: PGlite;
  try {
    lite = await PGlite.create(dataDir);
  } catch (err) {
    await releaseLock();
    throw err;
  }
  // PGlite runs one statement at a time. Our own lock in front of its mutex decides the order: auth first.
  const lock = new LaneLock();
  const run = async <T extends Row>(q: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) => {
    try {
      return (await q.query<T>(sql, params ? [...params] : undefined)).rows;
    } catch (err) {
      throw asSqlInputError(err);
    }
  };
  const lane = (priority: Lane): Db => ({
    kind: 'pglite',
    query: (sql, params) => lock.run(priority, () => run(lite, sql, params)),
    exec: (sql) =>
      lock.run(priority, async () => {
        await lite.exec(sql);
      }),
    transaction: (fn, opts) =>
      lock.run(
        priority,
        () =>
          lite.transaction((tx) =>
            fn({
              query: (sql, params) => run(tx, sql, params),
              exec: async (sql) => {
                await tx.exec(sql);
              },
            }),
          ),
        opts?.caller,
      ),
  });
  return {
    kind: 'pglite',
    auth: lane('auth'),
    api: lane('api'),
    redirect: lane('api'),
    close: async () => {
      try {
        await lite.close();
      } finally {
        await releaseLock();
      }
    },
  };
}

export interface PoolSizes {
  auth: number;
  api: number;
  redirect: number;
}

function postgresLane(
  url: string,
  max: number,
  log: (line: string) => void,
  role?: 'service_role',
): { db: Db; end(): Promise<void> } {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // The session's role from its first statement on: what `SET ROLE` does, without a round trip of its own.
    ...(role ? { options: `-c role=${role}` } : {}),
    // Fail a request after 5 s without a connection instead of queueing it forever (database down, pool full).
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A transaction left open by a stuck request must not hold row locks forever.
    idle_in_transaction_session_timeout: 30_000,
  });
  // Every client gets an 'error' listener for its whole life. Without one, a connection that breaks while
  // checked out but between two queries (pg_terminate_backend, a restart, a failover) emits an unhandled
  // 'error' event and ends the process. The request using it fails at its next query; see transaction().
  const quiet = (err: Error) => log(`database connection lost: ${err.message}`);
  pool.on('connect', (client) => client.on('error', quiet));
  pool.on('error', quiet);

  const run = async <T extends Row>(q: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) => {
    try {
      return (await q.query<T>(sql, params ? [...params] : undefined)).rows;
    } catch (err) {
      throw asDbError(err);
    }
  };
  const db: Db = {
    kind: 'postgres',
    ...(role ? { role } : {}),
    query: (sql, params) => run(pool, sql, params),
    exec: async (sql) => {
      await run(pool, sql);
    },
    transaction: async (fn) => {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        throw asDbError(err);
      }
      let broken: unknown;
      try {
        await run(client, 'BEGIN');
        const result = await fn({
          query: (sql, params) => run(client, sql, params),
          exec: async (sql) => {
            await run(client, sql);
          },
        });
        await run(client, 'COMMIT');
        return result;
      } catch (err) {
        if (isConnectionError(err)) broken = err;
        else await client.query('ROLLBACK').catch((rollbackErr: unknown) => (broken = rollbackErr));
        throw err;
      } finally {
        // A broken connection is destroyed, not returned to the pool.
        client.release(broken === undefined ? undefined : broken instanceof Error ? broken : true);
      }
    },
  };
  return { db, end: () => pool.end() };
}

function openPostgres(url: string, sizes: PoolSizes, log: (line: string) => void): Database {
  const auth = postgresLane(url, sizes.auth, log);
  const api = postgresLane(url, sizes.api, log);
  const redirect = postgresLane(url, sizes.redirect, log, 'service_role');
  return {
    kind: 'postgres',
    auth: auth.db,
    api: api.db,
    redirect: redirect.db,
    close: async () => {
      await Promise.allSettled([auth.end(), api.end(), redirect.end()]);
    },
  };
}

/** Opens PostgreSQL when databaseUrl is set, otherwise PGlite under dataDir. */
export async function openDatabase(opts: {
  databaseUrl: string;
  dataDir: string;
  poolSizes?: PoolSizes;
  log?: (line: string) => void;
}): Promise<Database> {
  const log = opts.log ?? (() => undefined);
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSizes ?? { auth: 5, api: 10, redirect: 4 }, log)
    : openPglite(opts.dataDir);
}

/** SQLSTATE of a database error, if the value is one. */
export function sqlState(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err) {
    const code = (err as { code: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
