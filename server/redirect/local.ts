// /r/:slug on the local server: the runtime-neutral handler of handler.ts with Node dependencies —
// ua-parser-js (1.x, MIT) for the User-Agent, isbot for bots and link previewers, geoip-country (offline
// GeoLite2 country data) for the client address, bcrypt on the server's worker pool for password gates, and the
// redirect's functions called as service_role, the role the Edge Function calls them with on Supabase (none is
// callable with the anon key: otherwise anyone could write any owner's analytics): record_scans() (scans grouped
// into batches: group commit), scan_lookup(), record_ruled_scan(), record_scan_stop(), claim_password_attempt().
import { createRequire } from 'node:module';
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import { sqlState, type Db } from '../lib/db.ts';
import {
  FOREIGN_KEY_VIOLATION,
  classifyAgent,
  createRedirectHandler,
  type CodeLookup,
  type PasswordAttempt,
  type RuledScan,
  type ScanInput,
} from './handler.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { runAs } from '../rest/as-role.ts';
import { ScanBatcher } from './scan-batcher.ts';

/** Bounds one record_scans statement (its arrays and its rollup upsert). */
const MAX_SCANS_PER_BATCH = 500;

interface GeoIp {
  lookup(ip: string): { country?: string } | null;
}

const require = createRequire(import.meta.url);
let geoip: GeoIp | undefined;
/** geoip-country loads its ~7 MB data on first require; do it lazily, once. */
function geo(): GeoIp {
  geoip ??= require('geoip-country') as GeoIp;
  return geoip;
}

export function countryOf(address: string): string | null {
  const country = geo().lookup(address)?.country;
  return country && /^[A-Z]{2}$/.test(country) ? country : null;
}

/** A row of record_scans / scan_lookup. */
type CodeRow = {
  destination: string | null;
  code_id: string | null;
  settings: unknown;
  password_set_at: Date | string | null;
  cap_used: number | string | null;
  bucket: number | null;
};

function toLookup(row: CodeRow): CodeLookup | null {
  if (row.destination === null) return null;
  if (row.settings === null || row.code_id === null) return { destination: row.destination, ruled: null };
  const setAt = row.password_set_at;
  return {
    destination: row.destination,
    ruled: {
      codeId: row.code_id,
      settings: row.settings,
      passwordSetAt: setAt === null ? null : setAt instanceof Date ? setAt.toISOString() : String(setAt),
      capUsed: row.cap_used === null ? null : Number(row.cap_used),
      bucket: row.bucket,
    },
  };
}

/**
 * One scan per element, in one transaction (record_scans): plain codes' scans stored, codes with settings
 * returned for the evaluator; null where the slug is not an active dynamic code.
 */
export async function recordScans(db: Db, scans: readonly ScanInput[]): Promise<(CodeLookup | null)[]> {
  const column = (pick: (scan: ScanInput) => string | null) => scans.map(pick);
  const rows = await runAs(db, 'service_role', { role: 'service_role' }, (tx) =>
    tx.query<CodeRow & { ord: number }>(
      'SELECT ord, destination, code_id, settings, password_set_at, cap_used, bucket FROM public.record_scans($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])',
      [
        column((s) => s.slug),
        column((s) => s.deviceType),
        column((s) => s.os),
        column((s) => s.browser),
        column((s) => s.country),
        column((s) => s.visitor),
      ],
    ),
  );
  const found: (CodeLookup | null)[] = scans.map(() => null);
  for (const row of rows) found[Number(row.ord) - 1] = toLookup(row);
  return found;
}

/** Failures after which a batch is written once more: nothing of it was committed. */
const RETRIED_SQL_STATES: ReadonlySet<string> = new Set([
  // A code deleted between the batch's lookup and its insert: the code no longer matches, its scans get null.
  FOREIGN_KEY_VIOLATION,
  // Chosen as the victim of a deadlock, possible only while an owner's codes are deleted in one statement
  // (their hourly totals are taken out code by code) as their other codes are scanned.
  '40P01',
]);

/** Scans grouped into batches (scan-batcher.ts); a batch that failed as RETRIED_SQL_STATES says is retried once. */
export function createScanRecorder(db: Db): (scan: ScanInput) => Promise<CodeLookup | null> {
  const batcher = new ScanBatcher<ScanInput, CodeLookup | null>({
    write: async (batch) => {
      try {
        return await recordScans(db, batch);
      } catch (err) {
        if (!RETRIED_SQL_STATES.has(sqlState(err) ?? '')) throw err;
        return recordScans(db, batch);
      }
    },
    maxBatch: MAX_SCANS_PER_BATCH,
    // PGlite runs one statement at a time; on PostgreSQL two batches overlap, so one is being written while the
    // next one fills, and the rest of the API lane's connections stay free for the data API.
    maxInFlight: db.kind === 'pglite' ? 1 : 2,
  });
  return (scan) => batcher.submit(scan);
}

/** An active dynamic code without recording a scan (HEAD, prefetches, bots, the password form). */
export async function lookupCode(db: Db, slug: string, visitor: string | null): Promise<CodeLookup | null> {
  const rows = await runAs(db, 'service_role', { role: 'service_role' }, (tx) =>
    tx.query<CodeRow>(
      'SELECT destination, code_id, settings, password_set_at, cap_used, bucket FROM public.scan_lookup($1, $2)',
      [slug, visitor],
    ),
  );
  return rows[0] ? toLookup(rows[0]) : null;
}

async function recordRuledScan(db: Db, scan: RuledScan): Promise<boolean> {
  const rows = await runAs(db, 'service_role', { role: 'service_role' }, (tx) =>
    tx.query<{ stored: boolean }>('SELECT public.record_ruled_scan($1, $2, $3, $4, $5, $6, $7, $8) AS stored', [
      scan.codeId,
      scan.ruleIndex,
      scan.variant,
      scan.deviceType,
      scan.os,
      scan.browser,
      scan.country,
      scan.visitor,
    ]),
  );
  return rows[0]?.stored === true;
}

async function claimPasswordAttempt(db: Db, codeId: string, visitor: string | null): Promise<PasswordAttempt> {
  const rows = await runAs(db, 'service_role', { role: 'service_role' }, (tx) =>
    tx.query<{ attempt_id: number | string | null; password_hash: string | null; retry_after: number }>(
      'SELECT attempt_id, password_hash, retry_after FROM public.claim_password_attempt($1, $2)',
      [codeId, visitor],
    ),
  );
  const row = rows[0];
  if (!row) return { attemptId: null, hash: null, retryAfter: 0 };
  return {
    attemptId: row.attempt_id === null ? null : Number(row.attempt_id),
    hash: row.password_hash,
    retryAfter: Number(row.retry_after),
  };
}

function serviceCall(db: Db, sql: string, params: unknown[]): Promise<void> {
  return runAs(db, 'service_role', { role: 'service_role' }, async (tx) => {
    await tx.query(sql, params);
  });
}

/**
 * Destroys yesterday's visitor salt and hashes even when nobody scans (record_scan does it at the first scan of
 * a UTC day): run at start and hourly by the server.
 */
export async function expireScanSalts(db: Db): Promise<void> {
  await runAs(db, 'service_role', { role: 'service_role' }, (tx) => tx.query('SELECT public.expire_scan_salts()'));
}

/**
 * Most scans come from a few hundred User-Agent strings (current phone browsers), and parsing one costs more
 * than the rest of a redirect's work: keep the last answers, up to a small bound, then start over.
 */
function remembered<T>(compute: (userAgent: string) => T, maxEntries = 1000): (userAgent: string) => T {
  const cache = new Map<string, T>();
  return (userAgent) => {
    const hit = cache.get(userAgent);
    if (hit !== undefined) return hit;
    const value = compute(userAgent);
    if (cache.size >= maxEntries) cache.clear();
    cache.set(userAgent, value);
    return value;
  };
}

export function createLocalRedirect(opts: {
  db: Db;
  clientAddress: (request: Request) => string | null;
  log: (line: string) => void;
  /** Signs the password gate's cookie (the server's JWT secret: at least 32 characters). */
  cookieSecret: string;
}): (request: Request) => Promise<Response> {
  const db = opts.db;
  return createRedirectHandler({
    recordScan: createScanRecorder(db),
    lookupCode: (slug, visitor) => lookupCode(db, slug, visitor),
    recordRuledScan: (scan) => recordRuledScan(db, scan),
    recordStop: (codeId, gate) => serviceCall(db, 'SELECT public.record_scan_stop($1, $2)', [codeId, gate]),
    claimPasswordAttempt: (codeId, visitor) => claimPasswordAttempt(db, codeId, visitor),
    releasePasswordAttempt: (id) => serviceCall(db, 'SELECT public.release_password_attempt($1)', [id]),
    verifyPassword,
    cookieSecret: opts.cookieSecret,
    isBot: remembered((ua) => isbot(ua)),
    parseUserAgent: remembered((ua) => classifyAgent(new UAParser(ua).getResult())),
    lookupCountry: countryOf,
    clientAddress: opts.clientAddress,
    onError: (err) => opts.log(`redirect failed: ${err instanceof Error ? err.message : String(err)}`),
  });
}
