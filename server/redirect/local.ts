// GET /r/:slug on the local server: the runtime-neutral handler of handler.ts with Node dependencies —
// ua-parser-js (1.x, MIT) for the User-Agent, isbot for bots and link previewers, geoip-country (offline
// GeoLite2 country data) for the client address, and record_scan() / redirect_target() called as service_role,
// the role the Edge Function calls them with on Supabase (neither is callable with the anon key: otherwise
// anyone could write any owner's analytics).
import { createRequire } from 'node:module';
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import { sqlState, type Db } from '../lib/db.ts';
import { FOREIGN_KEY_VIOLATION, classifyAgent, createRedirectHandler, type ScanInput } from './handler.ts';
import { runAs } from '../rest/as-role.ts';

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

export async function recordScan(db: Db, scan: ScanInput): Promise<string | null> {
  try {
    const rows = await runAs(db, 'service_role', { role: 'service_role' }, (tx) =>
      tx.query<{ destination: string | null }>('SELECT public.record_scan($1, $2, $3, $4, $5, $6) AS destination', [
        scan.slug,
        scan.deviceType,
        scan.os,
        scan.browser,
        scan.country,
        scan.visitor,
      ]),
    );
    return rows[0]?.destination ?? null;
  } catch (err) {
    // 23503: the code was deleted between record_scan's lookup and its insert. The code is gone: not found.
    if (sqlState(err) === FOREIGN_KEY_VIOLATION) return null;
    throw err;
  }
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

export function createLocalRedirect(opts: {
  db: Db;
  clientAddress: (request: Request) => string | null;
  log: (line: string) => void;
}): (request: Request) => Promise<Response> {
  return createRedirectHandler({
    recordScan: (scan) => recordScan(opts.db, scan),
    lookupDestination: (slug) => lookupDestination(opts.db, slug),
    isBot: (ua) => isbot(ua),
    parseUserAgent: (ua) => classifyAgent(new UAParser(ua).getResult()),
    lookupCountry: countryOf,
    clientAddress: opts.clientAddress,
    onError: (err) => opts.log(`redirect failed: ${err instanceof Error ? err.message : String(err)}`),
  });
}
