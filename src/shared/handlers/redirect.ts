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
//   2. One database call: a counted GET goes to recordScan (batched), which stores a plain code's scan and returns
//      its destination in the same statement (the path of every code without settings, unchanged); for a code with
//      settings or a password it stores nothing and returns the settings, the gate state and the visitor's A/B
//      bucket. HEAD, bots, prefetches and the password form use lookupCode (nothing stored).
//   3. For a code with settings: the password cookie is checked, then the shared evaluator
//      (src/shared/rules/evaluate.ts) decides: a gate (fallback URL or our page) or a target (rule, variant or
//      default, with UTM and forwarded query).
//   4. A counted outcome is stored: recordRuledScan (which claims the scan cap atomically: if it is used up, the
//      scan is stopped there) or recordStop (a gate stopped it).
// Honest counts: only a GET (or the password form's POST) from something that is not a known bot, crawler or link
// previewer (isbot's list) and not a prefetch is counted.

import { isRedirectableUrl } from '../destination.ts';
import { evaluateScan, type Gate, type ScanDecision } from '../rules/evaluate.ts';
import { preferredLanguage, type ScanFacts } from '../rules/facts.ts';
import { scanSettingsSchema } from '../rules/schema.ts';
import { hasPasswordCookie, passwordCookieHeader, passwordCookieValue } from './redirect-cookie.ts';
import { gatePage, notFoundPage, passwordPage, tryAgainPage } from './redirect-pages.ts';

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

/** A code with settings or a password, as looked up: what the evaluator needs, nothing stored yet. */
export interface RuledCode {
  codeId: string;
  /** The stored scan_settings (checked by the database; parsed again here). */
  settings: unknown;
  /** When the password was set (ISO text), or null without a password gate. */
  passwordSetAt: string | null;
  /** Counted scans the cap has used, or null without a cap. */
  capUsed: number | null;
  /** The visitor's A/B bucket (0 … 9,999) from the salted daily hash, or null without a visitor. */
  bucket: number | null;
}

export interface CodeLookup {
  destination: string;
  /** Null for a plain code: recordScan has stored its scan already. */
  ruled: RuledCode | null;
}

export interface RuledScan extends ParsedAgent {
  codeId: string;
  ruleIndex: number | null;
  variant: number | null;
  country: string | null;
  visitor: string | null;
}

export interface PasswordAttempt {
  /** Null when refused (then retryAfter > 0). */
  attemptId: number | null;
  hash: string | null;
  retryAfter: number;
}

export interface RedirectDeps {
  /** Stores the scan of an active plain dynamic code; a code with settings is returned unstored; else null. */
  recordScan(scan: ScanInput): Promise<CodeLookup | null>;
  /** The code without storing anything (HEAD, prefetches, bots, the password form), else null. */
  lookupCode(slug: string, visitor: string | null): Promise<CodeLookup | null>;
  /** Stores a redirected scan of a code with settings; false when its scan cap was used up (stored as stopped). */
  recordRuledScan(scan: RuledScan): Promise<boolean>;
  /** Stores a scan that a gate stopped. */
  recordStop(codeId: string, gate: Gate): Promise<void>;
  /** Counts one password guess (5 per visitor, 30 per code in 15 minutes) and returns the hash to compare. */
  claimPasswordAttempt(codeId: string, visitor: string | null): Promise<PasswordAttempt>;
  /** Takes back a guess that was right. */
  releasePasswordAttempt(attemptId: number): Promise<void>;
  /** bcrypt comparison (the server's worker pool on Node, bcryptjs on Deno). */
  verifyPassword(password: string, hash: string): Promise<boolean>;
  /** Signs the password cookie (at least 32 characters). */
  cookieSecret: string;
  /** True for known bots, crawlers and link-preview fetchers (the isbot package on both runtimes). */
  isBot(userAgent: string): boolean;
  parseUserAgent(userAgent: string): ParsedAgent;
  /** ISO 3166-1 alpha-2 code of a public address, or null. */
  lookupCountry(address: string): string | null;
  clientAddress(request: Request): string | null;
  /** Called with unexpected failures (the visitor gets a 503 page). */
  onError?(err: unknown): void;
  /** The clock (tests). */
  now?(): Date;
  /** A bucket for visitors without one (no address): uniform in [0, 1). */
  random?(): number;
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

/** The largest password form body read, in bytes. */
const MAX_FORM_BYTES = 2048;

const noStore = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

function redirectTo(target: string, status = 302, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { Location: target, ...noStore, ...headers } });
}

/** A URL the redirect may send a visitor to: the stored rule again (rows written before the check, or by hand). */
function safeTarget(target: string): string | null {
  if (!isRedirectableUrl(target)) return null;
  try {
    const url = new URL(target);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function gateResponse(decision: Extract<ScanDecision, { outcome: 'gate' }>): Response {
  if (decision.gate === 'password') return passwordPage('ask');
  const fallback = decision.target === null ? null : safeTarget(decision.target);
  return fallback ? redirectTo(fallback) : gatePage(decision.gate);
}

async function readPassword(request: Request): Promise<string | null> {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' || !request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_FORM_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  const password = new URLSearchParams(new TextDecoder().decode(bytes)).get('password');
  return password && password.length <= 200 ? password : null;
}

/** Builds the handler. It answers `…/r/<slug>` (any prefix, e.g. /functions/v1/r/<slug> on the edge). */
export function createRedirectHandler(deps: RedirectDeps): (request: Request) => Promise<Response> {
  const now = () => deps.now?.() ?? new Date();
  const random = () => deps.random?.() ?? Math.random();

  return async (request) => {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD, POST', 'Cache-Control': 'no-store' } });
    }
    const url = new URL(request.url);
    const match = /\/r\/([^/]+)\/?$/.exec(url.pathname);
    // A slug is plain ASCII: anything percent-encoded (valid or not, e.g. %ZZ) cannot be one.
    const slug = match ? match[1]! : '';
    if (!SLUG.test(slug)) return notFoundPage();

    const userAgent = (request.headers.get('User-Agent') ?? '').slice(0, 512);
    const human = !isPrefetch(request.headers) && !deps.isBot(userAgent);
    const countable = method !== 'HEAD' && human;
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
      const visitor = address ? await visitorDigest(address, userAgent) : null;
      const code =
        method === 'GET' && countable
          ? await deps.recordScan({ slug, country, visitor, ...agent })
          : await deps.lookupCode(slug, visitor);
      if (!code) return notFoundPage();
      const destination = safeTarget(code.destination);
      if (!destination) return notFoundPage();
      const ruled = code.ruled;
      if (!ruled) {
        // A plain code: its scan (if counted) is stored. The password form has nothing to do here.
        return method === 'POST' ? redirectTo(url.pathname + url.search, 303) : redirectTo(destination);
      }

      const parsed = scanSettingsSchema.safeParse(ruled.settings);
      if (!parsed.success) {
        deps.onError?.(new Error(`scan settings of ${ruled.codeId} do not parse`));
        return tryAgainPage();
      }
      const when = now();
      const passwordSetAt = ruled.passwordSetAt;
      const passwordOk =
        passwordSetAt !== null &&
        (await hasPasswordCookie(
          request.headers.get('Cookie'),
          deps.cookieSecret,
          ruled.codeId,
          passwordSetAt,
          when.getTime(),
        ));
      const facts: ScanFacts = {
        ...agent,
        country,
        language: preferredLanguage(request.headers.get('Accept-Language')),
        query: url.search.slice(1),
        passwordOk,
        bucket: ruled.bucket ?? Math.floor(random() * 10_000),
        countable,
      };
      const forScan = {
        destination,
        settings: parsed.data,
        hasPassword: passwordSetAt !== null,
        capUsed: ruled.capUsed ?? 0,
      };
      const extraHeaders: Record<string, string> = {};

      if (method === 'POST') {
        // The password form: only when the password is the gate that stops this visitor.
        const before = evaluateScan(forScan, facts, when);
        if (before.outcome !== 'gate' || before.gate !== 'password' || passwordSetAt === null) {
          return redirectTo(url.pathname + url.search, 303);
        }
        const password = await readPassword(request);
        if (password === null) return passwordPage('wrong');
        const attempt = await deps.claimPasswordAttempt(ruled.codeId, visitor);
        if (attempt.attemptId === null || attempt.hash === null) {
          return attempt.retryAfter > 0 ? passwordPage('limited', attempt.retryAfter) : tryAgainPage();
        }
        if (!(await deps.verifyPassword(password, attempt.hash))) return passwordPage('wrong');
        await deps.releasePasswordAttempt(attempt.attemptId);
        facts.passwordOk = true;
        const value = await passwordCookieValue(deps.cookieSecret, ruled.codeId, passwordSetAt, when.getTime());
        extraHeaders['Set-Cookie'] = passwordCookieHeader(value, url.pathname, url.protocol === 'https:');
      }

      const decision = evaluateScan(forScan, facts, when);
      if (decision.outcome === 'gate') {
        if (countable) await deps.recordStop(ruled.codeId, decision.gate);
        return gateResponse(decision);
      }
      const target = safeTarget(decision.target) ?? destination;
      if (decision.counted) {
        const stored = await deps.recordRuledScan({
          codeId: ruled.codeId,
          ruleIndex: decision.ruleIndex ?? null,
          variant: decision.variant ?? null,
          country,
          visitor,
          ...agent,
        });
        if (!stored) {
          const fallback = parsed.data.fallbacks?.capReached;
          return gateResponse({ outcome: 'gate', gate: 'cap_reached', target: fallback ?? null, counted: false });
        }
      }
      return redirectTo(target, method === 'POST' ? 303 : 302, extraHeaders);
    } catch (err) {
      deps.onError?.(err);
      return tryAgainPage();
    }
  };
}
