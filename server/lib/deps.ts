// What every route needs: configuration, the database's two lanes, token signer, limiters and the data API's
// per-caller concurrency gate, and the budget of heavy work.
import type { ServerConfig } from './config.ts';
import type { Db } from './db.ts';
import type { ConcurrencyGate, Limiter, Throttle } from './ratelimit.ts';
import type { WorkBudget } from './work-budget.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { TokenSigner } from '../auth/tokens.ts';
import type { DiskStore } from '../storage/disk.ts';

export interface Limiters {
  /** GoTrue's per-IP limiters (contract §10.3). */
  token: Limiter;
  signup: Limiter;
  user: Limiter;
  /** /recover, /otp, /magiclink, /resend, /reauthenticate per IP (RATE_LIMIT_OTP). */
  otp: Limiter;
  /** /verify per IP (RATE_LIMIT_VERIFY). */
  verify: Limiter;
  /** Requests that would send a mail, per IP and per address (RATE_LIMIT_EMAIL_SENT per hour each). */
  emailPerIp: Limiter;
  emailPerAddress: Limiter;
  /** Wrong codes at /verify per address; always on (docs/security.md, "Mailed codes"). */
  wrongCodesPerAddress: Limiter;
  /** /rest/v1 per caller (user, else IP), per IP, and rows inserted per user. */
  rest: Limiter;
  restPerIp: Limiter;
  restRows: Limiter;
  /** GET /r/:slug per IP. */
  redirect: Limiter;
}

export interface Deps {
  config: ServerConfig;
  /** GoTrue's lane. */
  db: Db;
  /** The data API's lane. */
  apiDb: Db;
  /** The redirect's lane (lib/db.ts). */
  redirectDb: Db;
  signer: TokenSigner;
  limiters: Limiters;
  gate: ConcurrencyGate;
  /** Heavy requests per principal: a budget per minute and a cap on concurrent work (work-budget.ts). */
  work: WorkBudget;
  mailer: Mailer;
  /** One mail of a kind per address per SMTP_MAX_FREQUENCY, whether the address has an account or not. */
  mailFrequency: Throttle;
  /** The Storage API's object bytes (server/storage/disk.ts). */
  disk: DiskStore;
}
