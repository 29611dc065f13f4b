// /r/:slug on the local server: the runtime-neutral handler of handler.ts with Node dependencies —
// ua-parser-js (1.x, MIT) for the User-Agent, isbot for bots and link previewers, geoip-country (offline
// GeoLite2 country data) for the client address, bcrypt on the server's worker pool for password gates, and the
// redirect's functions called as service_role, the role the Edge Function calls them with on Supabase (none is
// callable with the anon key: otherwise anyone could write any owner's analytics): record_scans() (scans grouped
// into batches: group commit), scan_lookup(), record_scan_outcomes() (the outcomes of codes with settings, grouped
// into batches the same way), claim_password_attempt().
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import { sqlState, type Db, type Row } from '../lib/db.ts';
import {
  FILE_URL_SECONDS,
  FOREIGN_KEY_VIOLATION,
  classifyAgent,
  createRedirectHandler,
  type CodeLookup,
  type FeedbackAnswer,
  type FeedbackResult,
  type OutcomeResult,
  type PasswordAttempt,
  type ScanInput,
  type ScanOutcome,
} from './handler.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { runAs } from '../rest/as-role.ts';
import type { DiskStore } from '../storage/disk.ts';
import { signUrl } from '../storage/signing.ts';
import { PAGE_FILES_BUCKET } from '../../src/shared/pages/schema.ts';
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

/** visitorDigest (handler.ts) with Node's synchronous SHA-256: the same hex, without a trip through Web Crypto. */
export function localVisitorDigest(address: string, userAgent: string): string {
  return createHash('sha256').update(`${address}\n${userAgent}`).digest('hex');
}

/**
 * One statement as service_role, the role the Edge Function calls these functions with. On a lane opened as
 * service_role (PostgreSQL) it is sent alone: one round trip, committed on its own. Otherwise (PGlite) it runs in
 * runAs's transaction, which switches the role first; that costs BEGIN, a set_config and COMMIT, three more
 * round trips per batch.
 */
function asServiceRole<T extends Row = Row>(db: Db, sql: string, params: readonly unknown[]): Promise<T[]> {
  if (db.role === 'service_role') return db.query<T>(sql, params);
  return runAs(db, 'service_role', { role: 'service_role' }, (tx) => tx.query<T>(sql, params));
}

/** A row of record_scans / scan_lookup. */
type CodeRow = {
  destination: string | null;
  code_id: string | null;
  settings: unknown;
  password_set_at: Date | string | null;
  cap_used: number | string | null;
  bucket: number | null;
  paused: boolean | null;
  version: string | null;
  page: string | null;
};

function toLookup(row: CodeRow): CodeLookup | null {
  if (row.destination === null && row.page === null) return null;
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
      paused: row.paused === true,
      version: row.version,
      page: row.page,
    },
  };
}

/**
 * One scan per element, in one transaction (record_scans): plain codes' scans stored, codes with settings
 * returned for the evaluator; null where the slug is not an active dynamic code.
 */
export async function recordScans(db: Db, scans: readonly ScanInput[]): Promise<(CodeLookup | null)[]> {
  const column = (pick: (scan: ScanInput) => string | null) => scans.map(pick);
  const rows = await asServiceRole<CodeRow & { ord: number }>(
    db,
    'SELECT ord, destination, code_id, settings::text AS settings, password_set_at, cap_used, bucket, paused, version, page::text AS page ' +
      'FROM public.record_scans($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])',
    [
      column((s) => s.slug),
      column((s) => s.deviceType),
      column((s) => s.os),
      column((s) => s.browser),
      column((s) => s.country),
      column((s) => s.visitor),
    ],
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

/** Inputs grouped into batches (scan-batcher.ts); a batch that failed as RETRIED_SQL_STATES says is retried once. */
function batched<In, Out>(
  db: Db,
  write: (db: Db, batch: readonly In[]) => Promise<Out[]>,
  inFlight: number,
): (input: In) => Promise<Out> {
  const batcher = new ScanBatcher<In, Out>({
    write: async (batch) => {
      try {
        return await write(db, batch);
      } catch (err) {
        if (!RETRIED_SQL_STATES.has(sqlState(err) ?? '')) throw err;
        return write(db, batch);
      }
    },
    maxBatch: MAX_SCANS_PER_BATCH,
    // PGlite runs one statement at a time; on PostgreSQL `inFlight` batches overlap (2 by default), so one is being
    // written while the next one fills, and the rest of the API lane's connections stay free for the data API.
    maxInFlight: db.kind === 'pglite' ? 1 : inFlight,
  });
  return (input) => batcher.submit(input);
}

/** Scans grouped into batches: plain codes' scans stored, codes with settings returned for the evaluator. */
export function createScanRecorder(db: Db, inFlight = 2): (scan: ScanInput) => Promise<CodeLookup | null> {
  return batched(db, recordScans, inFlight);
}

/** An active dynamic code without recording a scan (HEAD, prefetches, bots, the password form). */
export async function lookupCode(db: Db, slug: string, visitor: string | null): Promise<CodeLookup | null> {
  const rows = await asServiceRole<CodeRow>(
    db,
    'SELECT destination, code_id, settings::text AS settings, password_set_at, cap_used, bucket, paused, version, page::text AS page ' +
      'FROM public.scan_lookup($1, $2)',
    [slug, visitor],
  );
  return rows[0] ? toLookup(rows[0]) : null;
}

/** A code deleted since: nothing stored, and the handler looks it up again (and finds nothing). */
const GONE: OutcomeResult = { stored: false, variant: null, stale: true };

/** Outcomes of codes with settings in one transaction (record_scan_outcomes). */
export async function recordScanOutcomes(db: Db, outcomes: readonly ScanOutcome[]): Promise<OutcomeResult[]> {
  const column = <T>(pick: (o: ScanOutcome) => T) => outcomes.map(pick);
  const rows = await asServiceRole<{ ord: number; stored: boolean; variant: number | null; stale: boolean }>(
    db,
    'SELECT ord, stored, variant, stale FROM public.record_scan_outcomes($1::uuid[], $2::text[], $3::text[], ' +
      '$4::integer[], $5::integer[], $6::boolean[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])',
    [
      column((o) => o.codeId),
      column((o) => o.version),
      column((o) => o.gate),
      column((o) => o.ruleIndex),
      column((o) => o.variant),
      column((o) => o.split),
      column((o) => o.deviceType),
      column((o) => o.os),
      column((o) => o.browser),
      column((o) => o.country),
      column((o) => o.visitor),
    ],
  );
  const results = outcomes.map(() => GONE);
  for (const row of rows) {
    results[Number(row.ord) - 1] = { stored: row.stored === true, variant: row.variant, stale: row.stale === true };
  }
  return results;
}

async function claimPasswordAttempt(db: Db, codeId: string, visitor: string | null): Promise<PasswordAttempt> {
  const rows = await asServiceRole<{
    attempt_id: number | string | null;
    password_hash: string | null;
    retry_after: number;
  }>(db, 'SELECT attempt_id, password_hash, retry_after FROM public.claim_password_attempt($1, $2)', [codeId, visitor]);
  const row = rows[0];
  if (!row) return { attemptId: null, hash: null, retryAfter: 0 };
  return {
    attemptId: row.attempt_id === null ? null : Number(row.attempt_id),
    hash: row.password_hash,
    retryAfter: Number(row.retry_after),
  };
}

/** A counted click on a Links page's link (record_link_click): false when the page no longer has that link. */
async function recordLinkClick(db: Db, codeId: string, index: number): Promise<boolean> {
  const rows = await asServiceRole<{ stored: boolean }>(db, 'SELECT public.record_link_click($1, $2) AS stored', [
    codeId,
    index,
  ]);
  return rows[0]?.stored === true;
}

async function submitFeedback(db: Db, a: FeedbackAnswer): Promise<FeedbackResult> {
  const rows = await asServiceRole<{ result: FeedbackResult }>(
    db,
    'SELECT public.submit_feedback($1, $2, $3, $4, $5, $6, $7) AS result',
    [a.codeId, a.visitor, a.rating, a.choice, a.comment, a.email, a.honeypot],
  );
  return rows[0]!.result;
}

/**
 * A page file's signed URL on this server's /storage/v1 (same origin as /r/), as the service role signs it on a
 * Supabase project: only for a file that exists, valid FILE_URL_SECONDS.
 */
async function signPageFile(db: Db, secret: string, path: string, download: boolean, nowMs: number) {
  const rows = await asServiceRole(db, 'SELECT 1 FROM storage.objects WHERE bucket_id = $1 AND name = $2', [
    PAGE_FILES_BUCKET,
    path,
  ]);
  if (rows.length === 0) return null;
  const token = await signUrl(secret, { url: `${PAGE_FILES_BUCKET}/${path}` }, FILE_URL_SECONDS, nowMs);
  const key = path.split('/').map(encodeURIComponent).join('/');
  return `/storage/v1/object/sign/${PAGE_FILES_BUCKET}/${key}?token=${token}${download ? '&download=' : ''}`;
}

/**
 * A page file's bytes, as the service role reads them (a vCard Plus photo for its .vcf): null when there is no such
 * file, or it is larger than `maxBytes`, or it went away while being read.
 */
async function readPageFile(db: Db, disk: DiskStore, path: string, maxBytes: number): Promise<Uint8Array | null> {
  const rows = await asServiceRole<{ version: string | null }>(
    db,
    'SELECT version FROM storage.objects WHERE bucket_id = $1 AND name = $2',
    [PAGE_FILES_BUCKET, path],
  );
  const version = rows[0]?.version;
  if (!version) return null;
  const size = await disk.size(version);
  if (size === null || size > maxBytes) return null;
  try {
    return new Uint8Array(await new Response(disk.read(version)).arrayBuffer());
  } catch {
    return null;
  }
}

/**
 * Destroys yesterday's visitor salt and hashes even when nobody scans (record_scan does it at the first scan of
 * a UTC day): run at start and hourly by the server.
 */
export async function expireScanSalts(db: Db): Promise<void> {
  await asServiceRole(db, 'SELECT public.expire_scan_salts()', []);
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
  /** Signs Storage URLs, as /storage/v1 checks them (the server's JWT secret). */
  storageSecret: string;
  /** Where Storage keeps object bytes (a vCard photo is read from it for the .vcf). */
  disk: DiskStore;
  /** The clock, in milliseconds (the config's: tests move it). */
  now: () => number;
  /** Scan batches written at once on PostgreSQL (the config's scanBatchesInFlight). */
  batchesInFlight: number;
}): (request: Request) => Promise<Response> {
  const db = opts.db;
  return createRedirectHandler({
    recordScan: createScanRecorder(db, opts.batchesInFlight),
    lookupCode: (slug, visitor) => lookupCode(db, slug, visitor),
    recordOutcome: batched(db, recordScanOutcomes, opts.batchesInFlight),
    claimPasswordAttempt: (codeId, visitor) => claimPasswordAttempt(db, codeId, visitor),
    recordLinkClick: (codeId, index) => recordLinkClick(db, codeId, index),
    submitFeedback: (answer) => submitFeedback(db, answer),
    releasePasswordAttempt: async (id) => {
      await asServiceRole(db, 'SELECT public.release_password_attempt($1)', [id]);
    },
    verifyPassword,
    signFile: (path, download) => signPageFile(db, opts.storageSecret, path, download, opts.now()),
    readFile: (path, maxBytes) => readPageFile(db, opts.disk, path, maxBytes),
    cookieSecret: opts.cookieSecret,
    isBot: remembered((ua) => isbot(ua)),
    parseUserAgent: remembered((ua) => classifyAgent(new UAParser(ua).getResult())),
    lookupCountry: countryOf,
    clientAddress: opts.clientAddress,
    visitorDigest: localVisitorDigest,
    onError: (err) => opts.log(`redirect failed: ${err instanceof Error ? err.message : String(err)}`),
  });
}
