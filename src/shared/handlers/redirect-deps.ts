// The redirect's contract with its runtime: what src/shared/handlers/redirect.ts is given (how scans are looked up
// and stored, the User-Agent parser, bots, countries, bcrypt, the cookie secret) and the shapes it passes.

import type { Gate } from '../rules/evaluate.ts';

/** How long a signed URL of a page's file lives: pausing or deleting the page stops its files within this. */
export const FILE_URL_SECONDS = 60;

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

/** A code with settings or a password, or a paused code, as looked up: what the evaluator needs, nothing stored. */
export interface RuledCode {
  codeId: string;
  /** The owner paused the code. */
  paused: boolean;
  /**
   * The stored scan_settings (checked by the database; parsed again here): as JSON text where the runtime can get
   * it (then parsed once per distinct text, see settingsParser), else as the parsed value.
   */
  settings: unknown;
  /** When the password was set (ISO text), or null without a password gate. */
  passwordSetAt: string | null;
  /** Counted scans the cap has used, or null without a cap. */
  capUsed: number | null;
  /** The visitor's A/B bucket (0 … 9,999) from the salted daily hash, or null without a visitor. */
  bucket: number | null;
  /** The code row's version: an outcome decided on this copy is stored only while the code is unchanged. */
  version: string | null;
  /** The hosted page the code shows (JSON text where the runtime can get it, else the value), or null. */
  page: unknown;
}

export interface CodeLookup {
  /** Null only for a code with a hosted page and no destination. */
  destination: string | null;
  /** Null for a plain code: recordScan has stored its scan already. */
  ruled: RuledCode | null;
}

/** A counted scan of a RuledCode: redirected (gate null) or stopped by a gate. */
export interface ScanOutcome extends ParsedAgent {
  codeId: string;
  /** The version of the copy the outcome was decided on (a remembered code), or null (just looked up). */
  version: string | null;
  gate: Gate | null;
  ruleIndex: number | null;
  /** The A/B variant chosen here, or null. */
  variant: number | null;
  /** The split chose the target and the database picks the variant from the visitor's salted daily bucket. */
  split: boolean;
  country: string | null;
  visitor: string | null;
}

export interface OutcomeResult {
  /**
   * False for a redirected scan whose cap was used up (stored as stopped by the cap) or whose code is no longer
   * active, or for a stale outcome.
   */
  stored: boolean;
  /** The variant stored (chosen by the database when `split`), or null. */
  variant: number | null;
  /** The code changed since `version`: nothing stored, look it up again. */
  stale: boolean;
}

export interface PasswordAttempt {
  /** Null when refused (then retryAfter > 0). */
  attemptId: number | null;
  hash: string | null;
  retryAfter: number;
}

/** A visitor's answer to a feedback page, as read from its form (public.submit_feedback checks it again). */
export interface FeedbackAnswer {
  codeId: string;
  /** The visitor digest (rate limit per visitor), or null without an address. */
  visitor: string | null;
  rating: number | null;
  choice: number | null;
  comment: string | null;
  email: string | null;
  /** The honeypot field: anything in it marks the answer as spam. */
  honeypot: string | null;
}

/** What public.submit_feedback did with an answer. */
export type FeedbackResult = 'stored' | 'spam' | 'limited' | 'invalid' | 'gone';

export interface RedirectDeps {
  /** Stores a scan of an active plain dynamic code; a code with settings or paused is returned unstored; else null. */
  recordScan(scan: ScanInput): Promise<CodeLookup | null>;
  /** The code without storing anything (HEAD, prefetches, bots, the password form), else null. */
  lookupCode(slug: string, visitor: string | null): Promise<CodeLookup | null>;
  /** Stores a counted outcome of a code with settings (a stop as given, a redirected scan after its cap's claim). */
  recordOutcome(outcome: ScanOutcome): Promise<OutcomeResult>;
  /** Counts one password guess (5 per visitor, 30 per code in 15 minutes) and returns the hash to compare. */
  claimPasswordAttempt(codeId: string, visitor: string | null): Promise<PasswordAttempt>;
  /**
   * Stores a counted click of link `index` of a Links page (…/r/<slug>/l/<index>); false when the code no longer
   * has such a link.
   */
  recordLinkClick(codeId: string, index: number): Promise<boolean>;
  /** Stores a visitor's answer to a feedback page through public.submit_feedback (service_role). */
  submitFeedback(answer: FeedbackAnswer): Promise<FeedbackResult>;
  /** Takes back a guess that was right. */
  releasePasswordAttempt(attemptId: number): Promise<void>;
  /** bcrypt comparison (the server's worker pool on Node, bcryptjs on Deno). */
  verifyPassword(password: string, hash: string): Promise<boolean>;
  /**
   * A URL of `path` in the page-files bucket signed with the service role for at most FILE_URL_SECONDS (as an
   * attachment when `download`), or null when there is no such file. Absolute, or relative to the same origin.
   */
  signFile(path: string, download: boolean): Promise<string | null>;
  /**
   * The bytes of `path` in the page-files bucket, read with the service role (a vCard Plus photo, embedded in the
   * .vcf), or null when there is no such file or it is larger than `maxBytes`.
   */
  readFile(path: string, maxBytes: number): Promise<Uint8Array | null>;
  /** Signs the password cookie (at least 32 characters). */
  cookieSecret: string;
  /** True for known bots, crawlers and link-preview fetchers (the isbot package on both runtimes). */
  isBot(userAgent: string): boolean;
  parseUserAgent(userAgent: string): ParsedAgent;
  /** ISO 3166-1 alpha-2 code of a public address, or null. */
  lookupCountry(address: string): string | null;
  clientAddress(request: Request): string | null;
  /**
   * Lowercase hex SHA-256 of "<address>\n<User-Agent>" (default: Web Crypto's, which is asynchronous; Node's
   * synchronous hash costs a fraction of it per scan).
   */
  visitorDigest?(address: string, userAgent: string): string | Promise<string>;
  /** Called with unexpected failures (the visitor gets a 503 page). */
  onError?(err: unknown): void;
  /** The clock (tests). */
  now?(): Date;
  /** A bucket for visitors without one (no address): uniform in [0, 1). */
  random?(): number;
}
