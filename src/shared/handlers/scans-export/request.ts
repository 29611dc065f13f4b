// The export's input, from a form POST (a browser download cannot set headers, so the access token comes in
// the body) or from a GET / POST with an Authorization header (scripts, curl). Never from the URL: tokens in
// query strings end up in logs and history.
import { ExportError } from './exportError.ts';
import type { InstantRange } from '../../scans/exportSource.ts';

export interface ExportRequest {
  kind: 'scans';
  accessToken: string;
  range: InstantRange;
  /** One code, or null for all the caller's codes. */
  codeId: string | null;
  /** IANA zone the file name's dates are in (the page's zone); UTC when absent. */
  timeZone: string;
}

/** The answers to one feedback page (`kind=feedback`, issue 33): all of them, newest first; no range. */
export interface FeedbackExportRequest {
  kind: 'feedback';
  accessToken: string;
  codeId: string;
}

/** Small on purpose: the form has five short fields. */
const MAX_BODY_BYTES = 16 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An instant with an explicit offset, so the range never depends on the server's zone. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;

const bad = (code: string, message: string) => new ExportError(400, code, message);

function bearerToken(header: string | null): string {
  const m = /^bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m ? m[1]! : '';
}

async function formFields(request: Request): Promise<URLSearchParams> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new ExportError(415, 'unsupported_media_type', 'Send the form as application/x-www-form-urlencoded');
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new ExportError(413, 'body_too_large', 'The form is too large');
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw new ExportError(413, 'body_too_large', 'The form is too large');
  return new URLSearchParams(text);
}

/** Date.parse rolls 2026-02-30 over to March 2; the database would refuse it mid-download. */
function isCalendarDate(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function instant(fields: URLSearchParams, name: 'from' | 'to'): { text: string; ms: number } {
  const text = fields.get(name)?.trim() ?? '';
  if (text === '')
    throw bad('missing_range', `"${name}" is required: an ISO 8601 instant such as 2026-03-01T00:00:00Z`);
  const ms = INSTANT.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(ms) || !isCalendarDate(text.slice(0, 10))) {
    throw bad(
      'bad_range',
      `"${name}" must be an ISO 8601 instant with a time zone offset, such as 2026-03-01T00:00:00Z`,
    );
  }
  // What JavaScript parses but Postgres refuses, which would end the download after its first bytes.
  if (text.startsWith('0000'))
    throw bad('bad_range', `"${name}" must be in the years 0001 to 9999 (there is no year 0)`);
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(text);
  if (offset && Number(offset[2]) * 60 + Number(offset[3]) > 15 * 60 + 59) {
    throw bad('bad_range', `"${name}" has a time zone offset of more than ±15:59, which Postgres does not take`);
  }
  return { text, ms };
}

function timeZoneOf(fields: URLSearchParams): string {
  const zone = fields.get('tz')?.trim() || 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw bad('bad_time_zone', `"tz" must be an IANA time zone name such as Europe/Berlin, not "${zone.slice(0, 64)}"`);
  }
  return zone;
}

/** Reads and checks the input; throws ExportError (400, 401, 405, 413, 415) for anything it cannot use. */
export async function parseExportRequest(request: Request): Promise<ExportRequest | FeedbackExportRequest> {
  let fields: URLSearchParams;
  let token = bearerToken(request.headers.get('authorization'));
  if (request.method === 'POST') {
    fields = await formFields(request);
    token ||= fields.get('access_token')?.trim() ?? '';
  } else if (request.method === 'GET') {
    fields = new URL(request.url).searchParams;
    if (fields.has('access_token')) {
      throw bad('token_in_url', 'Send the access token in the Authorization header or a POST body, not in the URL');
    }
  } else {
    throw new ExportError(405, 'method_not_allowed', 'Use GET or POST', { Allow: 'GET, POST' });
  }
  if (token === '') throw new ExportError(401, 'no_authorization', 'Sign in: this export needs an access token');

  const kind = fields.get('kind')?.trim() || 'scans';
  if (kind === 'feedback') {
    const code = fields.get('code')?.trim() ?? '';
    if (!UUID.test(code)) throw bad('bad_code', '"code" must be the id (a UUID) of one of your feedback pages');
    return { kind, accessToken: token, codeId: code };
  }
  if (kind !== 'scans') throw bad('bad_kind', '"kind" must be scans (the default) or feedback');

  const from = instant(fields, 'from');
  const to = instant(fields, 'to');
  if (from.ms >= to.ms) throw bad('bad_range', '"from" must be before "to"');
  const code = fields.get('code')?.trim() || null;
  if (code !== null && !UUID.test(code))
    throw bad('bad_code', '"code" must be the id (a UUID) of one of your QR codes');
  return {
    kind: 'scans',
    accessToken: token,
    range: { from: from.text, to: to.text },
    codeId: code,
    timeZone: timeZoneOf(fields),
  };
}
