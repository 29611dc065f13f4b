// The redirect's responses: a 302/303, and the small branded pages it answers with when it does not redirect: not found, try again (the database
// failed), the gates' pages (paused, not started yet, ended, no longer available, enter password) and the App-store
// preset's page with both store badges. Server-rendered, no script: the password form is a plain POST to the same
// URL, so it works without JavaScript. Nothing a visitor typed is ever written into a page; the only owner input
// written is the two store addresses, checked by the settings schema and escaped here.

import { isRedirectableUrl } from '../destination.ts';
import type { Gate } from '../rules/evaluate.ts';
import type { AppPage } from '../rules/schema.ts';

const noStore = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

export function redirectTo(target: string, status = 302, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { Location: target, ...noStore, ...headers } });
}

/** A URL the redirect may send a visitor to: the stored rule again (rows written before the check, or by hand). */
export function safeTarget(target: string): string | null {
  if (!isRedirectableUrl(target)) return null;
  try {
    const url = new URL(target);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;background:#f7fafc;color:#1a202c;display:grid;place-items:center;' +
  'min-height:100vh;margin:0}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem}' +
  'a{color:#3182ce}form{display:grid;gap:.75rem;margin:1.5rem 0}input{font:inherit;padding:.6rem;' +
  'border:1px solid #a0aec0;border-radius:.375rem}button{font:inherit;padding:.6rem;border:0;border-radius:.375rem;' +
  'background:#3182ce;color:#fff}.error{color:#c53030}';

export function page(status: number, title: string, body: string, headers: Record<string, string> = {}): Response {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${title} · QRCraft</title><style>${PAGE_STYLE}</style></head><body><main><h1>${title}</h1>` +
    `${body}<p><a href="/">Create your own QR code with QRCraft</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      // form-action also covers where a submitted form is redirected: the password form posts to this page, whose
      // 303 then goes to the owner's destination, any http(s) address (with 'self' alone Chromium aborted it).
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' https: http:",
      ...headers,
    },
  });
}

/**
 * A hosted page (rendered by src/shared/pages/render.ts): images only from our own storage, and no script but the
 * event page's one, allowed by its hash (`scriptHash`: render-event.ts).
 */
export function hostedPageResponse(html: string, scriptHash: string | null = null): Response {
  return new Response(html, {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      // data: for the page's empty icon (no /favicon.ico request, which a code's host answers 404); connect-src for
      // the robots.txt Lighthouse fetches from the page. Neither is usable without a script, and none may run.
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'self'" +
        (scriptHash ? `; script-src '${scriptHash}'` : ''),
    },
  });
}

/** An event page's calendar file. */
export function icsResponse(ics: string): Response {
  return new Response(ics, {
    status: 200,
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="event.ics"',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** A vCard Plus page's contact file. */
export function vcardResponse(vcf: string): Response {
  return new Response(vcf, {
    status: 200,
    headers: {
      'Content-Type': 'text/vcard; charset=utf-8',
      'Content-Disposition': 'attachment; filename="contact.vcf"',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

export const notFoundPage = () =>
  page(
    404,
    'This QR code is not active',
    '<p>The code you scanned does not exist or has been paused by its owner. Please check with whoever shared it.</p>',
  );

export const tryAgainPage = () =>
  page(503, 'Please try again', '<p>This link is temporarily unavailable. Please scan the code again in a moment.</p>');

const GATE_PAGES: Record<Exclude<Gate, 'password'>, [number, string, string]> = {
  // The title of the page a paused code always had (the 404 page's), so printed codes read the same as before.
  paused: [404, 'This QR code is not active', 'The owner of this code has paused it. Please check back later.'],
  not_started: [403, 'Not started yet', 'This code is not active yet. Please scan it again later.'],
  ended: [410, 'This campaign has ended', 'The code you scanned is no longer running. Thank you for your interest.'],
  cap_reached: [410, 'No longer available', 'This code has reached its limit of scans and no longer leads anywhere.'],
};

export function gatePage(gate: Exclude<Gate, 'password'>): Response {
  const [status, title, message] = GATE_PAGES[gate];
  return page(status, title, `<p>${message}</p>`);
}

export type PasswordPageState = 'ask' | 'wrong' | 'limited';

export function passwordPage(state: PasswordPageState, retryAfter = 0): Response {
  const note =
    state === 'wrong'
      ? '<p class="error" role="alert">That password is not right. Please try again.</p>'
      : state === 'limited'
        ? `<p class="error" role="alert">Too many wrong passwords. Please wait ${Math.ceil(retryAfter / 60)} minute(s) and try again.</p>`
        : '';
  const form =
    state === 'limited'
      ? ''
      : '<form method="post"><label for="password">Password</label>' +
        '<input id="password" name="password" type="password" autocomplete="current-password" required ' +
        'maxlength="200" autofocus><button type="submit">Continue</button></form>';
  return page(
    state === 'ask' ? 200 : state === 'wrong' ? 401 : 429,
    'Enter the password',
    `<p>The owner of this QR code protected it with a password.</p>${note}${form}`,
    state === 'limited' ? { 'Retry-After': String(retryAfter) } : {},
  );
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

const BADGE_STYLE =
  '.badges{display:grid;gap:.75rem;margin:1.5rem 0}.badge{display:flex;align-items:center;gap:.75rem;' +
  'justify-content:center;padding:.75rem 1rem;border-radius:.5rem;background:#000;color:#fff;text-decoration:none;' +
  'font-weight:600}.badge svg{width:1.5rem;height:1.5rem;fill:currentColor}';

// Simple glyphs (not the stores' artwork): an apple and a play triangle.
const APPLE_GLYPH =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M16.4 12.6c0-2.4 2-3.6 2.1-3.7-1.2-1.7-3-1.9-3.6-2-1.5-.2-3 ' +
  '.9-3.8.9-.8 0-2-.9-3.3-.9-1.7 0-3.3 1-4.2 2.5-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 ' +
  '1.6 0 2 .8 3.3.8 1.4 0 2.3-1.2 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.8-1.1-2.8-4.2zM14 5.3c.7-.9 1.2-2 1-3.2-1 0-2.2' +
  '.7-3 1.5-.6.7-1.2 1.9-1 3.1 1.1.1 2.3-.6 3-1.4z"/></svg>';
const PLAY_GLYPH = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M5 3l15 9-15 9z"/></svg>';

/** The App-store preset's page for visitors who are on neither iOS nor Android: both stores, one tap each. */
export function appStoresPage(links: AppPage): Response {
  const badge = (href: string, glyph: string, small: string, big: string) =>
    `<a class="badge" href="${escapeAttribute(href)}">${glyph}<span>${small} <strong>${big}</strong></span></a>`;
  const body =
    `<style>${BADGE_STYLE}</style><p>Get the app on your phone:</p><div class="badges">` +
    badge(links.appStore, APPLE_GLYPH, 'Download on the', 'App Store') +
    badge(links.googlePlay, PLAY_GLYPH, 'Get it on', 'Google Play') +
    `</div>`;
  return page(200, 'Get the app', body);
}
