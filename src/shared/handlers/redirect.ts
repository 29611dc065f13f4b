// The dynamic-code redirect as a plain Fetch handler: `(request: Request) => Promise<Response>`.
// Runtime-neutral (web APIs, the shared core and zod) so the same module serves /r/:slug on the local server
// (server/redirect/handler.ts re-exports it) and runs as the Supabase Edge Function in supabase/functions/r. What
// differs per runtime is injected: how a scan is looked up and recorded (SQL as service_role locally,
// supabase.rpc on the edge), the User-Agent parser, the bot list, the IP → country lookup, where the client address
// comes from, bcrypt, and the secret that signs the password cookie. The IP is used for the country lookup and for
// the unsalted visitor digest (SHA-256 of address + User-Agent, salted and hashed again in the database with a salt
// that lives one day), then dropped: no address leaves this module.
//
// What a scan does, in order (docs/server.md, "What a scan does"):
//   1. GET/HEAD/POST only; a slug or the 404 page.
//   2. One database call: a counted GET goes to recordScan (batched), which stores an active plain code's scan and
//      returns its destination in the same statement (the path of every code without settings, unchanged); for a
//      code with settings or a password, or a paused code, it stores nothing and returns the settings, the gate
//      state and the visitor's A/B bucket. HEAD, bots, prefetches and the password form use lookupCode (nothing
//      stored).
//   3. For such a code: the password cookie is checked, then the shared evaluator (src/shared/rules/evaluate.ts)
//      decides: a gate (fallback URL or our page), a target (rule, variant or default, with UTM and forwarded
//      query) or the App-store preset's page.
//   4. A counted outcome is stored by recordOutcome (batched too): a redirected scan claims the scan cap atomically
//      (if it is used up, the scan is stored as stopped by the cap and the visitor gets the cap's answer), a
//      stopped scan is stored with its gate.
//   The next counted scan of a code with settings skips step 2: it is decided on the copy looked up last and its
//   outcome stored only if the code is unchanged since (else it goes through 2-4): one call per scan
//   (redirect-ruled.ts).
// Honest counts: only a GET (or the password form's POST) from something that is not a known bot, crawler or link
// previewer (isbot's list) and not a prefetch is counted.

import type { DeviceType, ParsedAgent, RedirectDeps } from './redirect-deps.ts';
import { notFoundPage, redirectTo, safeTarget, tryAgainPage } from './redirect-pages.ts';
import { RememberedCodes, answerRuled, pageParser, settingsParser, type ScanRequest } from './redirect-ruled.ts';
import { rememberingPageRenderer } from '../pages/render-cache.ts';

export { FILE_URL_SECONDS } from './redirect-deps.ts';
export type {
  CodeLookup,
  DeviceType,
  FeedbackAnswer,
  FeedbackResult,
  OutcomeResult,
  ParsedAgent,
  PasswordAttempt,
  RedirectDeps,
  RuledCode,
  ScanInput,
  ScanOutcome,
} from './redirect-deps.ts';

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

/** Builds the handler. It answers `…/r/<slug>` (any prefix, e.g. /functions/v1/r/<slug> on the edge). */
export function createRedirectHandler(deps: RedirectDeps): (request: Request) => Promise<Response> {
  const now = () => deps.now?.() ?? new Date();
  const randomBucket = () => Math.floor((deps.random?.() ?? Math.random()) * 10_000);
  const parseSettings = settingsParser();
  const parsePage = pageParser();
  const remembered = new RememberedCodes();
  const renderPage = rememberingPageRenderer();
  const digestVisitor = deps.visitorDigest ?? visitorDigest;

  return async (request) => {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD, POST', 'Cache-Control': 'no-store' } });
    }
    const url = new URL(request.url);
    // …/r/<slug>; …/r/<slug>/contact.vcf for a vCard Plus page's contact file; …/r/<slug>/l/<index> for a click on a
    // Links page's link; …/r/<slug>/file/<n> for a page's n-th file; …/r/<slug>/feedback (POST) for a feedback
    // page's form and …/thanks for its thank-you page; …/r/<slug>/event.ics for an event page's calendar file. None is
    // a scan: never counted as one.
    const match =
      /\/r\/([^/]+)(?:(\/contact\.vcf)|\/l\/(0|[1-9][0-9]?)|\/file\/(0|[1-9][0-9]?)|\/(feedback|thanks|event\.ics))?\/?$/.exec(
        url.pathname,
      );
    // A slug is plain ASCII: anything percent-encoded (valid or not, e.g. %ZZ) cannot be one.
    const slug = match ? match[1]! : '';
    if (!SLUG.test(slug)) return notFoundPage();
    const wantsContactFile = match?.[2] !== undefined;
    const linkIndex = match?.[3] === undefined ? null : Number(match[3]);
    const wantsFile = match?.[4] === undefined ? null : Number(match[4]);
    const pagePart = (match?.[5] ?? null) as ScanRequest['pagePart'];
    // Something of a page rather than the code itself: never a scan, never a password form. A feedback form is the
    // one part that is posted, and only posted.
    const partOfPage = wantsContactFile || linkIndex !== null || wantsFile !== null || pagePart !== null;
    if (partOfPage && method === 'POST' && pagePart !== 'feedback') return notFoundPage();
    if (pagePart === 'feedback' && method !== 'POST') return notFoundPage();

    const userAgent = (request.headers.get('User-Agent') ?? '').slice(0, 512);
    const human = !isPrefetch(request.headers) && !deps.isBot(userAgent);
    const countable = method !== 'HEAD' && human && !partOfPage;
    try {
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
      const visitor = address ? await digestVisitor(address, userAgent) : null;
      const scan: ScanRequest = {
        request,
        url,
        method,
        countable,
        agent,
        country,
        visitor,
        when: now(),
        randomBucket,
        renderPage,
        wantsContactFile,
        linkIndex,
        clickCountable: method === 'GET' && human && linkIndex !== null,
        wantsFile,
        pagePart,
      };
      const counted = method === 'GET' && countable;

      // A code with settings looked up before: decided on that copy, one database call (redirect-ruled.ts).
      const known = counted ? remembered.get(slug) : undefined;
      if (known) {
        const answer = await answerRuled(deps, scan, known, true);
        if (answer) return answer;
        remembered.forget(slug);
      }

      const code = counted
        ? await deps.recordScan({ slug, country, visitor, ...agent })
        : await deps.lookupCode(slug, visitor);
      const destination = code?.destination ? safeTarget(code.destination) : null;
      const ruled = code?.ruled ?? null;
      const storedPage = ruled?.page ?? null;
      if (!code || (!destination && storedPage === null)) {
        remembered.forget(slug);
        return notFoundPage();
      }
      if (!ruled) {
        // A plain code: its scan (if counted) is stored. The password form has nothing to do here.
        remembered.forget(slug);
        if (!destination || partOfPage) return notFoundPage();
        return method === 'POST' ? redirectTo(url.pathname + url.search, 303) : redirectTo(destination);
      }
      const settings = parseSettings(ruled.settings);
      const page = storedPage === null ? null : parsePage(storedPage);
      if (!settings || (storedPage !== null && !page)) {
        deps.onError?.(new Error(`scan settings or page of ${ruled.codeId} do not parse`));
        return tryAgainPage();
      }
      const fresh = { destination, ruled, settings, page };
      remembered.remember(slug, fresh);
      // Null: the code was deleted between the lookup and the outcome.
      return (await answerRuled(deps, scan, fresh, false)) ?? notFoundPage();
    } catch (err) {
      deps.onError?.(err);
      return tryAgainPage();
    }
  };
}
