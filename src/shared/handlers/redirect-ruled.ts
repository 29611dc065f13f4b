// How the redirect answers a scan of a code with settings, a password or a pause (redirect.ts handles the rest).
// The shared evaluator decides; this module checks the password cookie or form, stores the counted outcome and
// turns the decision into a response.
//
// One database call per scan, as for a plain code: the handler remembers the codes with settings it looked up
// (RememberedCodes) and decides the next scan of such a code on that copy, sending the outcome with the copy's
// version. The database stores it only if the code is unchanged since; if not ("stale"), nothing is stored and the
// handler looks the code up again and decides on the fresh copy (two calls, once per change). So an owner's edit
// still applies to the very next scan. A split's variant is then chosen by the database from the visitor's salted
// daily bucket (the salt never leaves it); the copy's own bucket belonged to the visitor who scanned before.

import { VCARD_PHOTO_MAX_BYTES } from '../pages/files.ts';
import type { PageRenderer } from '../pages/render-cache.ts';
import { hostedPageSchema, pageFiles, type HostedPage, type VcardPage } from '../pages/schema.ts';
import { icsOf } from '../pages/ics.ts';
import { EVENT_SCRIPT_HASH } from '../pages/render-event.ts';
import { vcardOf } from '../pages/vcard.ts';
import { evaluateScan, variantTarget, type Gate, type ScanDecision } from '../rules/evaluate.ts';
import { preferredLanguage, type ScanFacts } from '../rules/facts.ts';
import { scanSettingsSchema, type ScanSettings } from '../rules/schema.ts';
import { hasPasswordCookie, passwordCookieHeader, passwordCookieValue } from './redirect-cookie.ts';
import type { ParsedAgent, RedirectDeps, RuledCode, ScanOutcome } from './redirect-deps.ts';
import { feedbackThanks, submitFeedback } from './redirect-feedback.ts';
import { readFormBody } from './redirect-form.ts';
import { countsClicks, linkClick } from './redirect-link-click.ts';
import {
  appStoresPage,
  gatePage,
  hostedPageResponse,
  icsResponse,
  notFoundPage,
  passwordPage,
  redirectTo,
  safeTarget,
  tryAgainPage,
  vcardResponse,
} from './redirect-pages.ts';

/** A code with settings as looked up, its destination checked and its settings and page parsed. */
export interface KnownCode {
  /** Null for a code with a hosted page and no destination. */
  destination: string | null;
  ruled: RuledCode;
  settings: ScanSettings;
  page: HostedPage | null;
}

/** Most entries of each bounded cache: a busy redirect serves far fewer codes with settings than this. */
const MAX_ENTRIES = 1000;

/** A Map that starts over when full: tiny, and a miss only costs a lookup. */
function boundedSet<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= MAX_ENTRIES && !map.has(key)) map.clear();
  map.set(key, value);
}

/**
 * Settings checked by the shared schema, remembered by their JSON text: a code's settings change rarely and are
 * read on each of its scans, and checking ten rules costs more than the rest of a scan's work in this process.
 * A changed setting is a new text, so nothing stale is ever used.
 */
export function settingsParser(): (raw: unknown) => ScanSettings | null {
  return jsonParser((value) => {
    const result = scanSettingsSchema.safeParse(value);
    return result.success ? result.data : null;
  });
}

/** Hosted pages, checked by their schema and remembered by their JSON text like the settings. */
export function pageParser(): (raw: unknown) => HostedPage | null {
  return jsonParser((value) => {
    const result = hostedPageSchema.safeParse(value);
    return result.success ? result.data : null;
  });
}

function jsonParser<T>(check: (value: unknown) => T | null): (raw: unknown) => T | null {
  const parsed = new Map<string, T | null>();
  return (raw) => {
    if (typeof raw !== 'string') return check(raw);
    const hit = parsed.get(raw);
    if (hit !== undefined) return hit;
    let value: T | null;
    try {
      value = check(JSON.parse(raw));
    } catch {
      value = null;
    }
    boundedSet(parsed, raw, value);
    return value;
  };
}

/** The codes with settings last looked up, by slug; each use is checked against the database (the version). */
export class RememberedCodes {
  private readonly codes = new Map<string, KnownCode>();

  get(slug: string): KnownCode | undefined {
    return this.codes.get(slug);
  }

  remember(slug: string, code: KnownCode): void {
    if (code.ruled.version === null) this.codes.delete(slug);
    else boundedSet(this.codes, slug, code);
  }

  forget(slug: string): void {
    this.codes.delete(slug);
  }
}

/** The largest password form body read, in bytes. */
const MAX_FORM_BYTES = 2048;

async function readPassword(request: Request): Promise<string | null> {
  const password = (await readFormBody(request, MAX_FORM_BYTES))?.get('password');
  return password && password.length <= 200 ? password : null;
}

function gateResponse(decision: Extract<ScanDecision, { outcome: 'gate' }>): Response {
  if (decision.gate === 'password') return passwordPage('ask');
  const fallback = decision.target === null ? null : safeTarget(decision.target);
  return fallback ? redirectTo(fallback) : gatePage(decision.gate);
}

/** What the handler knows of the request. */
export interface ScanRequest {
  request: Request;
  url: URL;
  method: string;
  countable: boolean;
  agent: ParsedAgent;
  country: string | null;
  visitor: string | null;
  when: Date;
  /** A bucket for a visitor without one (no address): 0 … 9,999. */
  randomBucket(): number;
  /** The handler's renderer of hosted pages, which remembers each page's HTML (render-cache.ts). */
  renderPage: PageRenderer;
  /** The request asks for the vCard Plus page's contact file (`…/r/<slug>/contact.vcf`), not the page. */
  wantsContactFile: boolean;
  /** The request is a click on a Links page's link (`…/r/<slug>/l/<index>`), not a scan; else null. */
  linkIndex: number | null;
  /** The click is a GET from a visitor (not a bot, preview or prefetch): it is stored. */
  clickCountable: boolean;
  /** The n-th file of a PDF or Images page (`…/r/<slug>/file/<n>`, pageFiles order), or null. */
  wantsFile: number | null;
  /**
   * A feedback page's form being posted (`…/feedback`), its thank-you page (`…/thanks`), an event page's calendar
   * file (`…/event.ics`), or null.
   */
  pagePart: 'feedback' | 'thanks' | 'event.ics' | null;
}

/**
 * Answers a scan of `code`. `remembered`: the code is the remembered copy, not a fresh lookup; then null is
 * returned when the code changed since (nothing stored: look it up again). Only counted GETs use remembered copies.
 */
export async function answerRuled(
  deps: RedirectDeps,
  scan: ScanRequest,
  code: KnownCode,
  remembered: boolean,
): Promise<Response | null> {
  const { ruled, settings, destination } = code;
  const { request, url, method, countable, agent, country, visitor, when } = scan;
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
  // A remembered copy's bucket was another visitor's: with a visitor, the database picks the variant (below).
  const bucketFromDatabase = remembered && visitor !== null;
  const facts: ScanFacts = {
    ...agent,
    country,
    language: preferredLanguage(request.headers.get('Accept-Language')),
    query: url.search.slice(1),
    passwordOk,
    bucket: remembered ? (bucketFromDatabase ? 0 : scan.randomBucket()) : (ruled.bucket ?? scan.randomBucket()),
    countable,
  };
  const forScan = {
    destination: destination ?? '',
    hasPage: code.page !== null,
    paused: ruled.paused,
    settings,
    hasPassword: passwordSetAt !== null,
    capUsed: ruled.capUsed ?? 0,
  };
  const extraHeaders: Record<string, string> = {};

  if (method === 'POST' && scan.pagePart !== 'feedback') {
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
  const outcome = (gate: Gate | null, ruleIndex: number | null, variant: number | null): ScanOutcome => ({
    codeId: ruled.codeId,
    version: remembered ? ruled.version : null,
    gate,
    ruleIndex,
    variant: bucketFromDatabase ? null : variant,
    split: bucketFromDatabase && variant !== null,
    country,
    visitor,
    ...agent,
  });
  if (decision.outcome === 'gate') {
    if (countable && (await deps.recordOutcome(outcome(decision.gate, null, null))).stale) return null;
    return gateResponse(decision);
  }
  // A page's file (or form, thank-you page, calendar file) is served only while the page itself would be shown to
  // this visitor (no gate stops it).
  if ((scan.wantsFile !== null || scan.pagePart !== null) && decision.outcome !== 'hosted_page') return notFoundPage();
  let target = decision.outcome === 'redirect' ? decision.target : null;
  if (decision.counted) {
    const rule = decision.outcome === 'redirect' ? (decision.ruleIndex ?? null) : null;
    const variant = decision.outcome === 'redirect' ? (decision.variant ?? null) : null;
    const result = await deps.recordOutcome(outcome(null, rule, variant));
    if (result.stale) return null;
    if (!result.stored) {
      const fallback = settings.fallbacks?.capReached;
      return gateResponse({ outcome: 'gate', gate: 'cap_reached', target: fallback ?? null, counted: false });
    }
    if (bucketFromDatabase && variant !== null && result.variant !== null) {
      target = variantTarget(settings, result.variant, facts.query);
    }
  }
  if (decision.outcome === 'app_page') {
    const appStore = safeTarget(decision.page.appStore);
    const googlePlay = safeTarget(decision.page.googlePlay);
    if (appStore && googlePlay) return appStoresPage({ appStore, googlePlay });
    return destination ? redirectTo(destination) : notFoundPage();
  }
  if (decision.outcome === 'hosted_page' && code.page) {
    if (scan.wantsContactFile) return code.page.type === 'vcard' ? contactFile(deps, code.page) : notFoundPage();
    if (scan.linkIndex !== null) return linkClick(deps, scan, ruled.codeId, code.page, scan.linkIndex);
    if (scan.wantsFile !== null) return fileResponse(deps, code.page, scan.wantsFile, url.searchParams.has('download'));
    if (scan.pagePart !== null) return pagePartResponse(deps, scan, ruled.codeId, code.page);
    const base = url.pathname.replace(/\/+$/, '');
    return hostedPageResponse(
      await scan.renderPage(code.page, base, {
        now: when,
        vcardHref: code.page.type === 'vcard' ? `${base}/contact.vcf` : undefined,
        linkHref: code.page.type === 'links' ? (i, link) => (countsClicks(link) ? `${base}/l/${i}` : null) : undefined,
        fileHref: (n, download) => `${base}/file/${n}${download ? '?download' : ''}`,
        feedbackAction: `${base}/feedback`,
        icsHref: `${base}/event.ics`,
      }),
      code.page.type === 'event' ? EVENT_SCRIPT_HASH : null,
    );
  }
  const to = (target === null ? null : safeTarget(target)) ?? destination;
  return to ? redirectTo(to, method === 'POST' ? 303 : 302, extraHeaders) : notFoundPage();
}

/** The page's own address (…/r/<slug>) from the address of one of its parts. */
function pageBase(url: URL): string {
  return url.pathname.replace(/\/(feedback|thanks|event\.ics)\/?$/, '');
}

/** A feedback page's form and thank-you page, an event page's .ics; the 404 page for another type's. */
async function pagePartResponse(deps: RedirectDeps, scan: ScanRequest, codeId: string, page: HostedPage) {
  const base = pageBase(scan.url);
  if (page.type === 'feedback' && scan.pagePart === 'feedback') {
    return submitFeedback(deps, scan.request, codeId, scan.visitor, base);
  }
  if (page.type === 'feedback' && scan.pagePart === 'thanks') return feedbackThanks(page, scan.url, base);
  if (page.type === 'event' && scan.pagePart === 'event.ics') {
    // The same UID for every download of this code's event: an updated event replaces the one in the calendar.
    return icsResponse(icsOf(page, `${codeId}@${scan.url.host}`, scan.when));
  }
  return notFoundPage();
}

/** A vCard Plus page's .vcf, its photo embedded when it can be read (and is small enough: VCARD_PHOTO_MAX_BYTES). */
async function contactFile(deps: RedirectDeps, page: VcardPage): Promise<Response> {
  const photo = page.photo ? await deps.readFile(page.photo.path, VCARD_PHOTO_MAX_BYTES) : null;
  return vcardResponse(vcardOf(page, photo));
}

/**
 * A page's n-th file: a 302 to a Storage URL signed for FILE_URL_SECONDS, so a paused, ended or deleted page stops
 * serving its files within that time (the page's own links are checked again at every request).
 */
async function fileResponse(deps: RedirectDeps, page: HostedPage, index: number, download: boolean) {
  const path = pageFiles(page)[index];
  const signed = path === undefined ? null : await deps.signFile(path, download);
  return signed ? redirectTo(signed) : notFoundPage();
}
