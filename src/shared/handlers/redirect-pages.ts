// The small branded pages the redirect answers with when it does not redirect: not active (unknown or paused),
// try again (the database failed), and the gates' pages (not started yet, ended, no longer available, enter
// password). Server-rendered, no script: the password form is a plain POST to the same URL, so it works without
// JavaScript. Nothing a visitor or an owner typed is ever written into a page.

import type { Gate } from '../rules/evaluate.ts';

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

export const notFoundPage = () =>
  page(
    404,
    'This QR code is not active',
    '<p>The code you scanned does not exist or has been paused by its owner. Please check with whoever shared it.</p>',
  );

export const tryAgainPage = () =>
  page(503, 'Please try again', '<p>This link is temporarily unavailable. Please scan the code again in a moment.</p>');

const GATE_PAGES: Record<Exclude<Gate, 'password'>, [number, string, string]> = {
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
