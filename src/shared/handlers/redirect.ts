// The dynamic-code redirect as a plain Fetch handler: `(request: Request) => Promise<Response>`.
// Runtime-neutral (web APIs only; its one import, ../destination.ts, has none) so the same module serves
// GET /r/:slug on the local server (server/redirect/handler.ts re-exports it) and runs as the Supabase Edge Function
// in supabase/functions/r (`supabase functions deploy` bundles it through the entry's relative import). What
// differs per runtime is injected:
// how a scan is recorded (SQL as service_role locally, supabase.rpc('record_scan') on the edge), the User-Agent
// parser, the bot list, the IP → country lookup and where the client address comes from. The IP is used for the
// lookup and for the unsalted visitor digest (SHA-256 of address + User-Agent, salted and hashed again in the
// database with a salt that lives one day), then dropped: no address leaves this module.
//
// Honest counts: every request for an active code gets its 302, but only a GET from something that is not a
// known bot, crawler or link previewer (isbot's list) and not a prefetch is recorded as a scan.

import { isRedirectableUrl } from '../destination.ts';

export type DeviceType = 'mobile' | 'tablet' | 'desktop' | 'other';

export interface ParsedAgent {
  deviceType: DeviceType;
  os: string | null;
  browser: string | null;
}

export interface ScanInput extends ParsedAgent {
  slug: string;
  country: string | null;
  /** Lowercase hex SHA-256 of "<address>\n<User-Agent>" (null without an address): for unique scans only. */
  visitor: string | null;
}

export interface RedirectDeps {
  /** Records the scan if the slug is an active dynamic code; returns its destination, else null. */
  recordScan(scan: ScanInput): Promise<string | null>;
  /** The destination of an active dynamic code without recording a scan (HEAD, prefetches, bots), else null. */
  lookupDestination(slug: string): Promise<string | null>;
  /** True for known bots, crawlers and link-preview fetchers (the isbot package on both runtimes). */
  isBot(userAgent: string): boolean;
  parseUserAgent(userAgent: string): ParsedAgent;
  /** ISO 3166-1 alpha-2 code of a public address, or null. */
  lookupCountry(address: string): string | null;
  clientAddress(request: Request): string | null;
  /** Called with unexpected failures (the visitor gets a 503 page). */
  onError?(err: unknown): void;
}

const SLUG = /^[A-Za-z0-9_-]{4,64}$/;

/** SQLSTATE of record_scan when the code was deleted while the scan was being stored: treat as not found. */
export const FOREIGN_KEY_VIOLATION = '23503';

/** The subset of a ua-parser-js (1.x) result this module reads. */
export interface UaParserResult {
  browser: { name?: string };
  os: { name?: string };
  device: { type?: string };
}

const DESKTOP_OS =
  /^(windows|mac os|macos|linux|ubuntu|debian|fedora|chrom(e|ium) os|freebsd|openbsd|netbsd|solaris|mint|arch|gentoo|suse|red hat|centos)/i;

/** Maps a ua-parser-js result to the stored fields: mobile / tablet / desktop / other, OS and browser names. */
export function classifyAgent(result: UaParserResult): ParsedAgent {
  const type = result.device.type;
  const osName = result.os.name ?? null;
  let deviceType: DeviceType;
  if (type === 'mobile' || type === 'tablet') deviceType = type;
  else if (type) deviceType = 'other';
  else if (osName && /^(ios|android|windows phone|blackberry|harmonyos)/i.test(osName)) deviceType = 'mobile';
  else if (osName && DESKTOP_OS.test(osName)) deviceType = 'desktop';
  else deviceType = 'other';
  const os = osName === 'Mac OS' ? 'macOS' : osName;
  return { deviceType, os: os?.slice(0, 64) ?? null, browser: result.browser.name?.slice(0, 64) ?? null };
}

/** Loopback, private, link-local, CGNAT and unique-local addresses have no country. */
export function isPrivateAddress(address: string): boolean {
  let a = address.trim().toLowerCase();
  if (a.startsWith('::ffff:')) a = a.slice(7);
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(a);
  if (v4) {
    const [x, y] = [Number(v4[1]), Number(v4[2])];
    return (
      x === 10 ||
      x === 127 ||
      x === 0 ||
      (x === 169 && y === 254) ||
      (x === 172 && y >= 16 && y <= 31) ||
      (x === 192 && y === 168) ||
      (x === 100 && y >= 64 && y <= 127) ||
      x >= 224
    );
  }
  if (!a.includes(':')) return true;
  return a === '::1' || a === '::' || /^f[cd]/.test(a) || /^fe[89ab]/.test(a);
}

/**
 * A prefetch or preview rather than a visit: `Sec-Purpose: prefetch` (and `prefetch;prerender`), the older
 * `Purpose: prefetch`, Safari's `X-Purpose: preview` and Firefox's `X-Moz: prefetch`.
 */
export function isPrefetch(headers: Headers): boolean {
  const value = (name: string) => (headers.get(name) ?? '').trim().toLowerCase();
  return (
    value('sec-purpose').startsWith('prefetch') ||
    value('purpose').startsWith('prefetch') ||
    value('x-purpose') === 'preview' ||
    value('x-purpose').startsWith('prefetch') ||
    value('x-moz') === 'prefetch'
  );
}

/** Lowercase hex SHA-256 of "<address>\n<User-Agent>" (Web Crypto: Node and Deno alike). */
export async function visitorDigest(address: string, userAgent: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${address}\n${userAgent}`));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;background:#f7fafc;color:#1a202c;display:grid;place-items:center;' +
  'min-height:100vh;margin:0}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem}' +
  'a{color:#3182ce}';

function page(status: number, title: string, message: string): Response {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${title} · QRCraft</title><style>${PAGE_STYLE}</style></head><body><main><h1>${title}</h1>` +
    `<p>${message}</p><p><a href="/">Create your own QR code with QRCraft</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

const notFound = () =>
  page(
    404,
    'This QR code is not active',
    'The code you scanned does not exist or has been paused by its owner. Please check with whoever shared it.',
  );

/** Builds the handler. It answers `…/r/<slug>` (any prefix, e.g. /functions/v1/r/<slug> on the edge). */
export function createRedirectHandler(deps: RedirectDeps): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' } });
    }
    const match = /\/r\/([^/]+)\/?$/.exec(new URL(request.url).pathname);
    // A slug is plain ASCII: anything percent-encoded (valid or not, e.g. %ZZ) cannot be one.
    const slug = match ? match[1]! : '';
    if (!SLUG.test(slug)) return notFound();

    const userAgent = (request.headers.get('User-Agent') ?? '').slice(0, 512);
    const counted = request.method === 'GET' && !isPrefetch(request.headers) && !deps.isBot(userAgent);
    let destination: string | null;
    try {
      if (counted) {
        const agent = deps.parseUserAgent(userAgent);
        const address = deps.clientAddress(request);
        let country: string | null = null;
        if (address && !isPrivateAddress(address)) {
          try {
            country = deps.lookupCountry(address);
          } catch {
            country = null;
          }
        }
        const visitor = address ? await visitorDigest(address, userAgent) : null;
        destination = await deps.recordScan({ slug, country, visitor, ...agent });
      } else {
        destination = await deps.lookupDestination(slug);
      }
    } catch (err) {
      deps.onError?.(err);
      return page(
        503,
        'Please try again',
        'This link is temporarily unavailable. Please scan the code again in a moment.',
      );
    }
    // The database checks the same rule on every write; rows written before it (or by hand) are refused here.
    if (!destination || !isRedirectableUrl(destination)) return notFound();
    let target: URL;
    try {
      target = new URL(destination);
    } catch {
      return notFound();
    }
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return notFound();
    return new Response(null, {
      status: 302,
      headers: { Location: target.href, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
    });
  };
}
