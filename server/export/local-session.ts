// The scans export's ExportSession on the local server: each page is its own short transaction as the caller
// (role authenticated, the JWT's claims), exactly as /rest/v1 runs requests (server/rest/as-role.ts), so RLS
// decides what is visible. Short transactions matter on PGlite, which runs one statement at a time: a
// million-row export interleaves with everyone else's requests instead of holding the database.
import type { JWTPayload } from 'jose';
import type { Deps } from '../lib/deps.ts';
import { runAs } from '../rest/as-role.ts';
import { JwtError } from '../auth/tokens.ts';
import { assertStorableJson } from '../lib/json.ts';
import { ExportError } from '../../src/shared/handlers/scans-export/exportError.ts';
import type { ExportCode, ExportFeedback, ExportScan, ExportSession } from '../../src/shared/scans/exportSource.ts';

interface ScanSqlRow extends Record<string, unknown> {
  id: string;
  scanned_at: string;
  country: string | null;
  device_type: string;
  os: string | null;
  browser: string | null;
  is_unique: boolean;
}

// The instant as the CSV writes it: UTC with microseconds, straight from the stored value.
const SCAN_COLUMNS = `e.id::text AS id,
  to_char(e.scanned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS scanned_at,
  e.country::text AS country, e.device_type, e.os, e.browser, e.is_unique`;

// First page: [from, to). Later pages: after the cursor; the plain `scanned_at >= $2` bound lets the
// (qr_code_id, scanned_at) index start at the cursor, the row comparison breaks ties by id.
const FIRST_PAGE = `SELECT ${SCAN_COLUMNS} FROM public.scan_events e
  WHERE e.qr_code_id = $1::uuid AND e.scanned_at >= $2::timestamptz AND e.scanned_at < $3::timestamptz
  ORDER BY e.scanned_at, e.id LIMIT $4`;
const NEXT_PAGE = `SELECT ${SCAN_COLUMNS} FROM public.scan_events e
  WHERE e.qr_code_id = $1::uuid AND e.scanned_at >= $2::timestamptz AND e.scanned_at < $3::timestamptz
    AND (e.scanned_at, e.id) > ($2::timestamptz, $5::bigint)
  ORDER BY e.scanned_at, e.id LIMIT $4`;

// A feedback page's answers, newest first (id order: an identity, so the order they were stored in).
const FEEDBACK_PAGE = `SELECT r.id::text AS id,
    to_char(r.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "submittedAt",
    r.rating, r.choice_label AS choice, r.comment, r.email
  FROM public.feedback_responses r
  WHERE r.qr_code_id = $1::uuid AND ($2::bigint IS NULL OR r.id < $2::bigint)
  ORDER BY r.id DESC LIMIT $3`;

/** The longest an export holds its place in the caller's heavy work (a download of millions of rows fits). */
const EXPORT_HOLD_MS = 15 * 60_000;

const unauthorized = (message: string) => new ExportError(401, 'bad_jwt', message);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's claims: a valid, unexpired access token of a signed-in user, else 401. */
async function verifiedClaims(deps: Deps, token: string): Promise<JWTPayload & { sub: string }> {
  let claims: JWTPayload;
  try {
    claims = await deps.signer.verify(token, deps.config.now());
  } catch (err) {
    if (!(err instanceof JwtError)) throw err;
    throw unauthorized(
      /expired/.test(err.message)
        ? 'The access token has expired: sign in again'
        : 'The access token is invalid: sign in again',
    );
  }
  if (claims.role !== 'authenticated' || typeof claims.sub !== 'string' || !UUID.test(claims.sub)) {
    throw unauthorized("Sign in: this export needs a signed-in user's access token");
  }
  // The claims go into the transaction as jsonb, which refuses NUL and lone surrogates: such a token was never
  // issued here, so it is refused as invalid rather than failing in the database (a 500).
  try {
    assertStorableJson(claims, 'claims');
  } catch {
    throw unauthorized('The access token is invalid: sign in again');
  }
  return claims as JWTPayload & { sub: string };
}

export async function openLocalExportSession(deps: Deps, token: string): Promise<ExportSession> {
  const claims = await verifiedClaims(deps, token);
  const key = `user:${claims.sub}`;
  // One export counts as one Data API request of the caller's.
  if (!deps.limiters.rest.take(key)) {
    const retry = deps.limiters.rest.retryAfterSec(key);
    throw new ExportError(429, 'over_request_rate_limit', 'Too many requests', { 'Retry-After': String(retry) });
  }
  // An export reads every scan of the range: heavy work, bounded per user like sample data and batch commits
  // (lib/work-budget.ts). The place is held until the stream ends (release), or EXPORT_HOLD_MS at the most, so a
  // body that is never read nor cancelled cannot lock the caller out of heavy work for good.
  const ticket = await deps.work.enter(key);
  if (!ticket.ok) {
    throw new ExportError(
      429,
      'over_request_rate_limit',
      ticket.reason === 'budget'
        ? 'Too many heavy requests (exports, sample data, batch commits) this minute'
        : 'An export or other heavy request of yours is already running: try again when it has finished',
      { 'Retry-After': String(ticket.retryAfterSec) },
    );
  }
  const holdTimer = setTimeout(ticket.leave, EXPORT_HOLD_MS);
  holdTimer.unref?.();
  const release = () => {
    clearTimeout(holdTimer);
    ticket.leave();
  };
  const timeout = deps.config.apiLimits.statementTimeoutMs.authenticated;
  const asCaller = <T>(sql: string, params: unknown[]) =>
    runAs(
      deps.apiDb,
      'authenticated',
      claims,
      (tx) => tx.query<T & Record<string, unknown>>(sql, params),
      timeout,
      key,
    );

  return {
    codes: (codeId) =>
      asCaller<ExportCode>(
        `SELECT id::text AS id, name, slug FROM public.qr_codes
         WHERE $1::uuid IS NULL OR id = $1::uuid ORDER BY created_at, id`,
        [codeId],
      ),
    scans: async (codeId, range, after, limit): Promise<ExportScan[]> => {
      const rows =
        after === null
          ? await asCaller<ScanSqlRow>(FIRST_PAGE, [codeId, range.from, range.to, limit])
          : await asCaller<ScanSqlRow>(NEXT_PAGE, [codeId, after.scannedAt, range.to, limit, after.id]);
      return rows.map((r) => ({
        id: r.id,
        scannedAt: r.scanned_at,
        country: r.country,
        deviceType: r.device_type,
        os: r.os,
        browser: r.browser,
        isUnique: r.is_unique,
      }));
    },
    feedback: (codeId, beforeId, limit) => asCaller<ExportFeedback>(FEEDBACK_PAGE, [codeId, beforeId, limit]),
    release,
  };
}
