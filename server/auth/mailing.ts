// What every route that mails a token shares: the per-IP and per-address sending limits (contract §10.3), the
// link back to GET /verify with a checked redirect_to, and issuing a token together with its mail.
import type { Context } from 'hono';
import type { Queryable } from '../lib/db.ts';
import type { Deps } from '../lib/deps.ts';
import { ApiError } from '../lib/errors.ts';
import { clientIp, takeOrThrow } from '../lib/http.ts';
import { isLoopback } from '../lib/config.ts';
import { renderMail, type MailKind } from '../mail/templates.ts';
import { newToken, saveToken, type TokenType } from './one-time-tokens.ts';
import type { UserRow } from './store.ts';

/** The kinds that share one sending clock per address (GoTrue: magic links reuse recovery_sent_at). */
type MailClock = 'confirmation' | 'recovery' | 'email_change' | 'reauthentication';

const SENT_AT_COLUMN: Record<MailClock, string> = {
  confirmation: 'confirmation_sent_at',
  recovery: 'recovery_sent_at',
  email_change: 'email_change_sent_at',
  reauthentication: 'reauthentication_sent_at',
};

const CLOCK_OF: Record<MailKind, MailClock> = {
  signup: 'confirmation',
  invite: 'confirmation',
  recovery: 'recovery',
  magiclink: 'recovery',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
};

const frequencyError = (seconds: number) =>
  new ApiError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${seconds} seconds.`,
  );

/**
 * The limits on a request that may send mail, applied before the address is looked up so that they answer
 * alike for known and unknown addresses: the route's per-IP limiter, one mail of this kind per address per
 * SMTP_MAX_FREQUENCY, and the mail budgets per IP and per address (the latter whatever the client address,
 * which a trusted forwarding header lets a client choose).
 */
export function guardMailRequest(deps: Deps, c: Context, kind: MailKind, address: string): void {
  const ipHeader = deps.config.rateLimits.ipHeader;
  takeOrThrow(deps.limiters.otp, c, ipHeader);
  const key = `${CLOCK_OF[kind]}:${address}`;
  const wait = deps.mailFrequency.wait(key);
  if (wait > 0) throw frequencyError(wait);
  if (!deps.limiters.emailPerIp.take(clientIp(c, ipHeader)) || !deps.limiters.emailPerAddress.take(address)) {
    throw new ApiError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
  }
  deps.mailFrequency.mark(key);
}

/** redirect_to if it points at SITE_URL's origin or an ADDITIONAL_REDIRECT_URLS prefix, else SITE_URL. */
export function allowedRedirect(deps: Deps, candidate: string | undefined): string {
  const { siteUrl, mailer } = deps.config;
  if (!candidate) return siteUrl;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return siteUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return siteUrl;
  if (url.origin === new URL(siteUrl).origin) return candidate;
  return mailer.additionalRedirectUrls.some((prefix) => candidate.startsWith(prefix)) ? candidate : siteUrl;
}

/**
 * The base of mailed links (`…/auth/v1`): API_EXTERNAL_URL when set; otherwise the request's own origin when it
 * names a loopback host (a test server on an ephemeral port), else the configured public URL. A Host header
 * never puts another machine's name into a mail (a reset link pointing at an attacker's site).
 */
export function linkBase(deps: Deps, c: Context): string {
  const { config } = deps;
  if (!config.mailer.externalUrl) {
    const requestUrl = new URL(c.req.url);
    if (isLoopback(requestUrl.hostname)) return `${requestUrl.origin}/auth/v1`;
  }
  return config.jwtIssuer;
}

interface IssueOptions {
  user: UserRow;
  kind: MailKind;
  tokenType: TokenType;
  /** Where the mail goes (the new address for an email change's second mail). */
  address: string;
  /** The verify link's redirect_to (already checked), and its base; no link for reauthentication. */
  redirectTo: string;
  base: string;
  newEmail?: string;
  /** generate_link: make the token, but send nothing. */
  send?: boolean;
}

interface IssuedToken {
  otp: string;
  /** What the link carries (generate_link's hashed_token; POST /verify takes it as token_hash). */
  linkToken: string;
  link: string;
}

/** Makes and stores a token, records when it was sent, and queues its mail (sent after the answer). */
export async function issueToken(deps: Deps, q: Queryable, o: IssueOptions): Promise<IssuedToken> {
  const { config } = deps;
  const now = config.now();
  const { otp, hash, linkToken } = newToken(o.address, config.mailer.otpLength);
  await saveToken(q, { userId: o.user.id, type: o.tokenType, hash, linkToken, relatesTo: o.address, nowMs: now });
  const column = SENT_AT_COLUMN[CLOCK_OF[o.kind]];
  await q.query(`UPDATE auth.users SET ${column} = $2, updated_at = $2 WHERE id = $1`, [
    o.user.id,
    new Date(now).toISOString(),
  ]);
  const verifyType = o.kind === 'email_change' ? 'email_change' : o.kind;
  const link =
    o.kind === 'reauthentication'
      ? ''
      : `${o.base}/verify?token=${linkToken}&type=${verifyType}&redirect_to=${encodeURIComponent(o.redirectTo)}`;
  if (o.send !== false) {
    deps.mailFrequency.mark(`${CLOCK_OF[o.kind]}:${o.address}`);
    const mail = renderMail(
      o.kind,
      { otp, link, email: o.user.email ?? o.address, newEmail: o.newEmail },
      Math.max(1, Math.round(config.mailer.otpExpSec / 60)),
    );
    deps.mailer.send({ to: o.address, ...mail });
  }
  return { otp, linkToken, link };
}
