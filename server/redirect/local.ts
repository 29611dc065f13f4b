// GET /r/:slug on the local server: the runtime-neutral handler of handler.ts with Node dependencies —
// ua-parser-js (1.x, MIT) for the User-Agent, isbot for bots and link previewers, geoip-country (offline
// GeoLite2 country data) for the client address, and record_scans() (scans grouped into batches: group commit)
// / redirect_target() called as service_role, the role the Edge Function calls record_scan() with on Supabase
// (none is callable with the anon key: otherwise anyone could write any owner's analytics).
import { createRequire } from 'node:module';
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import { sqlState, type Db } from '../lib/db.ts';
import { FOREIGN_KEY_VIOLATION, classifyAgent, createRedirectHandler, type ScanInput } from './handler.ts';
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

/** One scan per element, in one transaction (record_scans); the destination of each stored scan, else null. */
export async function recordScans(db: Db, scans: readonly ScanInput[]): Promise<(string | null)[]> {
  const column = (pick: (scan: ScanInput) => string | null) => scans.map(pick);
  const rows = await runAs(db, 'service_role', { role: 'service_role' }, (tx) =>
    tx.query<{ ord: number; destination: string | null }>(
      'SELECT ord, destination FROM public.record_scans($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])',
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
  const destinations: (string | null)[] = scans.map(() => null);
  for (const row of rows) destinations[Number(row.ord) - 1] = row.destination;
  return destinations;
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
export function createScanRecorder(db: Db): (scan: ScanInput) => Promise<string | null> {
  const batcher = new ScanBatcher<ScanInput, string | null>({
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

/** Where an active dynamic code points, without recording a scan (HEAD, prefetches, bots). */
export async function lookupDestination(db: Db, slug: string): Promise<string | null> {
  const rows = await runAs(db, 'service_role', { role: 'service_role' }, (tx) =>
    tx.query<{ destination: string | null }>('SELECT public.redirect_target($1) AS destination', [slug]),
  );
  return rows[0]?.destination ?? null;
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
}): (request: Request) => Promise<Response> {
  return createRedirectHandler({
    recordScan: createScanRecorder(opts.db),
    lookupDestination: (slug) => lookupDestination(opts.db, slug),
    isBot: remembered((ua) => isbot(ua)),
    parseUserAgent: remembered((ua) => classifyAgent(new UAParser(ua).getResult())),
    lookupCountry: countryOf,
    clientAddress: opts.clientAddress,
    onError: (err) => opts.log(`redirect failed: ${err instanceof Error ? err.message : String(err)}`),
  });
}
