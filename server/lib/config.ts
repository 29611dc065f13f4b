// Server configuration: environment parsing with the Supabase CLI's local defaults (contract §11), and the
// .env files `npm run server` reads first.
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

/** The Supabase CLI's well-known local JWT secret (contract §8.2). Not a real secret. */
export const DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** The Supabase CLI's published demo anon key, an HS256 JWT signed with DEMO_JWT_SECRET (contract §8.2). */
export const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** A configuration the server must not start with; main.ts prints the message as one line. */
export class ConfigError extends Error {
  readonly code = 'config_invalid';
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** A token bucket: `burst` tokens, refilled at `perMinute`. */
export interface Bucket {
  burst: number;
  perMinute: number;
}

export interface RateLimitConfig {
  /** Per-IP limits on (contract §10.3), and the data API's and redirect's limits below. */
  enabled: boolean;
  /** Token-bucket burst size (tollbooth burst, 30). */
  burst: number;
  /** Refill per 5 minutes for /token (RATE_LIMIT_TOKEN_REFRESH, 150). */
  tokenPer5Min: number;
  /** Refill per 5 minutes for /signup and PUT /user (RATE_LIMIT_OTP, 30). */
  signupPer5Min: number;
  /** Header holding the client IP (GOTRUE_RATE_LIMIT_HEADER); empty = the socket address. */
  ipHeader: string;
  /** /rest/v1 (tables and rpc) per caller: the user of a JWT, else the client IP (RATE_LIMIT_REST). */
  rest: Bucket;
  /** /rest/v1 per client IP, whoever the callers behind it are (an office NAT holds many users). */
  restPerIp: Bucket;
  /** Rows one user may insert through /rest/v1 (RATE_LIMIT_REST_ROWS per hour; the burst allows one bulk save). */
  restRows: { burst: number; perHour: number };
  /** GET /r/:slug per client IP (RATE_LIMIT_REDIRECT). A venue's Wi-Fi puts many phones behind one IP. */
  redirect: Bucket;
}

/** Per-IP limits of the routes that mail a token (contract R3); on and off with rateLimits.enabled. */
export interface MailRateLimitConfig {
  /** Refill per 5 minutes for /recover, /otp, /magiclink, /resend, /reauthenticate (RATE_LIMIT_OTP, 30). */
  otpPer5Min: number;
  /** Refill per 5 minutes for /verify (RATE_LIMIT_VERIFY, 30). */
  verifyPer5Min: number;
  /**
   * Mail-sending requests per client IP per hour (RATE_LIMIT_EMAIL_SENT, 30). GoTrue counts mails globally;
   * counting requests per IP, known address or not, keeps the answer the same for both.
   */
  emailSentPerHour: number;
  /**
   * Wrong codes at /verify per address (and so across its tokens), whatever the client address; on even with
   * AUTH_RATE_LIMITS=off, as the cap per token is. Over it: 429 until the bucket refills.
   */
  wrongCodesPerAddress: { burst: number; perHour: number };
}

/** Outgoing mail (SMTP_*). An empty host sends nothing: each mail is logged as one line instead. */
export interface SmtpConfig {
  host: string;
  port: number;
  user: string;
  pass: string;
  /** The From header, e.g. `QRCraft <noreply@qrcraft.local>`. */
  sender: string;
}

/** One-time tokens sent by mail (GoTrue's MAILER_* settings). */
export interface MailerConfig {
  /** Seconds a mailed link or code stays valid (MAILER_OTP_EXP; Supabase CLI 3600, GoTrue binary 86400). */
  otpExpSec: number;
  /** Digits of the mailed code (MAILER_OTP_LENGTH, 6). */
  otpLength: number;
  /**
   * An email change needs the links of both addresses (MAILER_SECURE_EMAIL_CHANGE_ENABLED, true), with
   * autoconfirm too (GoTrue asks only without it).
   */
  secureEmailChange: boolean;
  /** Where mail links point: `<url>/auth/v1/verify` (API_EXTERNAL_URL); empty = the request's loopback host. */
  externalUrl: string;
  /** redirect_to values accepted besides SITE_URL's origin (ADDITIONAL_REDIRECT_URLS, comma-separated prefixes). */
  additionalRedirectUrls: string[];
}

/** Limits on what one data-API request may cost (PostgREST's db-max-rows, Supabase's role timeouts). */
export interface ApiLimits {
  /**
   * Rows a read returns at most, and rows one insert may carry (API_MAX_ROWS, PostgREST db-max-rows): 1000 on
   * PostgreSQL, 250 on PGlite.
   */
  maxRows: number;
  /** statement_timeout per API role in ms, as Supabase sets them (anon 3 s, authenticated 8 s). */
  statementTimeoutMs: { anon: number; authenticated: number; service_role: number };
  /** Requests of one caller running at once; the next ones wait in line. */
  concurrencyPerCaller: number;
  /** Requests of one caller waiting in line; beyond that, 429. */
  queuePerCaller: number;
  /**
   * Heavy requests (sample data, bulk batch commits, the scans export) per principal (server/lib/work-budget.ts):
   * HEAVY_WORK_PER_MINUTE (6; the per-minute budget follows AUTH_RATE_LIMITS), at most `concurrent` at once and
   * `queue` more waiting.
   */
  heavyWork: { perMinute: number; concurrent: number; queue: number };
  /**
   * Rows per part when heavy work runs in parts, each its own short transaction (WORK_PART_ROWS: 100 on PGlite,
   * so others' requests run in between; 0 on PostgreSQL: one transaction, as on Supabase). server/rest/bulk-parts.ts.
   */
  partRows: number;
}

/**
 * GET /api/v1/qr's drawings: worker threads and the fair render queue in front of them (server/api/render-queue.ts,
 * docs/security.md "Renders"). A caller is the key's owner: all keys of one account share these.
 */
export interface RenderLimits {
  /** Worker threads drawing files (RENDER_WORKERS; default: one per core, at least 2, at most 4). */
  workers: number;
  /** Drawings of one caller running at once: one worker short of all of them, so another caller finds one free. */
  runningPerCaller: number;
  /** Drawings of one caller running or waiting; beyond that, 429. */
  inFlightPerCaller: number;
  /**
   * Megapixels one caller may have drawn (a PNG: its pixels; any file: 100 pixels per module), as a token bucket;
   * on with rateLimits.enabled (RATE_LIMIT_RENDER_MEGAPIXELS per minute).
   */
  megapixels: Bucket;
  /** A drawing still running after this is stopped (its worker restarted) and answered 503. */
  jobTimeoutMs: number;
}

export interface ServerConfig {
  port: number;
  /** Interface to bind; the CLI binds every interface, we default to loopback. */
  host: string;
  /** PGlite data directory, used when databaseUrl is empty. */
  dataDir: string;
  /** PostgreSQL connection string; empty selects PGlite. */
  databaseUrl: string;
  /**
   * Storage API (docs/storage.md): where object bytes live, the largest file any bucket accepts, and how often
   * page files nobody shows are deleted (seconds; 0 = only when the server starts).
   */
  storage: { dir: string; fileSizeLimit: number; cleanupIntervalSec: number };
  jwtSecret: string;
  /** Access-token lifetime in seconds (GOTRUE_JWT_EXP). */
  jwtExp: number;
  /** JWT `iss` claim (contract §8.1): `<public url>/auth/v1`. */
  jwtIssuer: string;
  siteUrl: string;
  /** MAILER_AUTOCONFIRM (contract §3 Success A/B). */
  autoconfirm: boolean;
  disableSignup: boolean;
  minPasswordLength: number;
  /** Refresh-token reuse interval in seconds (contract §4.3, CLI: 10). */
  refreshReuseIntervalSec: number;
  /** Per-address minimum seconds between two mails of one kind (SMTP_MAX_FREQUENCY, CLI: 1 s, GoTrue: 60 s). */
  emailMaxFrequencySec: number;
  smtp: SmtpConfig;
  mailer: MailerConfig;
  mailRateLimits: MailRateLimitConfig;
  rateLimits: RateLimitConfig;
  apiLimits: ApiLimits;
  renderLimits: RenderLimits;
  /** Largest user_metadata, in bytes of JSON, that sign-up and PUT /user accept (it travels in every token). */
  maxUserMetadataBytes: number;
  /** Connections per pool on PostgreSQL: GoTrue's work, the data API's and the redirect's have a pool each. */
  poolSizes: { auth: number; api: number; redirect: number };
  /**
   * Scan batches the redirect writes at once on PostgreSQL (SCAN_BATCHES_IN_FLIGHT, default 2; PGlite: always 1):
   * more overlap the commit's wait, fewer make bigger batches (bench-results/redirect-profile.md).
   */
  scanBatchesInFlight: number;
  /** Clock in milliseconds; injectable so tests can move time without sleeping. */
  now: () => number;
  /** Log function for the few lines the server prints; tests silence it. */
  log: (line: string) => void;
}

/** 127.0.0.0/8, ::1 and localhost: interfaces no other machine can reach. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

type Env = Readonly<Record<string, string | undefined>>;

/** The files the server reads, highest precedence first: Vite's order, so one .env configures app and server. */
const ENV_FILES = ['.env.local', '.env'] as const;

/**
 * Adds the variables of `dir`/.env.local and `dir`/.env to `env` (process.env by default) where `env` does not
 * have them yet: a variable set in the real environment, even to '', wins over both files, and .env.local over
 * .env. Node's own parser (that of `node --env-file`); `${VAR}` is not expanded. Returns the files it read.
 */
export function loadEnvFiles(dir: string, env: Record<string, string | undefined> = process.env): string[] {
  const read: string[] = [];
  for (const name of ENV_FILES) {
    const path = join(dir, name);
    if (!existsSync(path)) continue;
    for (const [key, value] of Object.entries(parseEnv(readFileSync(path, 'utf8')))) {
      if (env[key] === undefined) env[key] = value;
    }
    read.push(name);
  }
  return read;
}

function intVar(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  }
  return value;
}

function boolVar(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true/false (or on/off), got "${env[name] ?? ''}"`);
}

/** Builds a configuration from environment variables; every value has the CLI's local default. */
export function loadConfig(env: Env = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const port = intVar(env, 'PORT', 54321, 0);
  const publicUrl = (env.API_EXTERNAL_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  const jwtSecret = env.JWT_SECRET ?? DEMO_JWT_SECRET;
  if (jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long');
  const host = env.HOST ?? '127.0.0.1';
  const databaseUrl = env.DATABASE_URL ?? '';
  if (jwtSecret === DEMO_JWT_SECRET && !isLoopback(host)) {
    throw new ConfigError(
      `Refusing to listen on ${host} with the Supabase CLI's public demo JWT_SECRET: anyone could sign a ` +
        'service_role token with it and read every account. Run `npm run keys` and set JWT_SECRET (and the ' +
        "app's VITE_SUPABASE_ANON_KEY) from its output, or listen on 127.0.0.1 only.",
    );
  }
  const renderWorkers = intVar(env, 'RENDER_WORKERS', Math.min(4, Math.max(2, availableParallelism())), 1);
  const renderMegapixels = intVar(env, 'RATE_LIMIT_RENDER_MEGAPIXELS', 600, 1);
  const config: ServerConfig = {
    port,
    host,
    dataDir: env.DATA_DIR ?? '.data',
    databaseUrl,
    storage: {
      // '' = <dataDir>/storage, resolved when the server starts (so a dataDir override moves it too).
      dir: env.STORAGE_DIR ?? '',
      fileSizeLimit: intVar(env, 'STORAGE_FILE_SIZE_LIMIT', 100_000_000, 1),
      cleanupIntervalSec: intVar(env, 'STORAGE_CLEANUP_INTERVAL', 60, 0),
    },
    jwtSecret,
    jwtExp: intVar(env, 'JWT_EXP', 3600, 1),
    jwtIssuer: `${publicUrl}/auth/v1`,
    siteUrl: env.SITE_URL ?? 'http://localhost:5173',
    autoconfirm: boolVar(env, 'AUTH_AUTOCONFIRM', true),
    disableSignup: boolVar(env, 'AUTH_DISABLE_SIGNUP', false),
    // GoTrue forces the minimum to at least 6 (contract §10.1).
    minPasswordLength: Math.max(6, intVar(env, 'AUTH_MIN_PASSWORD_LENGTH', 6, 0)),
    refreshReuseIntervalSec: intVar(env, 'AUTH_REFRESH_REUSE_INTERVAL', 10, 0),
    emailMaxFrequencySec: intVar(env, 'AUTH_EMAIL_MAX_FREQUENCY', 1, 0),
    rateLimits: {
      enabled: boolVar(env, 'AUTH_RATE_LIMITS', true),
      burst: 30,
      tokenPer5Min: intVar(env, 'RATE_LIMIT_TOKEN_REFRESH', 150, 1),
      signupPer5Min: intVar(env, 'RATE_LIMIT_SIGNUP', 30, 1),
      ipHeader: env.RATE_LIMIT_HEADER ?? '',
      rest: { burst: 120, perMinute: intVar(env, 'RATE_LIMIT_REST', 600, 1) },
      restPerIp: { burst: 360, perMinute: 3 * intVar(env, 'RATE_LIMIT_REST', 600, 1) },
      restRows: { burst: 10_000, perHour: intVar(env, 'RATE_LIMIT_REST_ROWS', 10_000, 1) },
      redirect: { burst: 120, perMinute: intVar(env, 'RATE_LIMIT_REDIRECT', 600, 1) },
    },
    mailRateLimits: {
      otpPer5Min: intVar(env, 'RATE_LIMIT_OTP', 30, 1),
      verifyPer5Min: intVar(env, 'RATE_LIMIT_VERIFY', 30, 1),
      emailSentPerHour: intVar(env, 'RATE_LIMIT_EMAIL_SENT', 30, 1),
      wrongCodesPerAddress: { burst: 10, perHour: 10 },
    },
    smtp: {
      host: env.SMTP_HOST?.trim() ?? '',
      port: intVar(env, 'SMTP_PORT', 54325, 1),
      user: env.SMTP_USER ?? '',
      pass: env.SMTP_PASS ?? '',
      sender: env.SMTP_SENDER?.trim() || 'QRCraft <noreply@qrcraft.local>',
    },
    mailer: {
      otpExpSec: intVar(env, 'MAILER_OTP_EXP', 3600, 1),
      otpLength: Math.min(10, intVar(env, 'MAILER_OTP_LENGTH', 6, 6)),
      secureEmailChange: boolVar(env, 'MAILER_SECURE_EMAIL_CHANGE_ENABLED', true),
      externalUrl: (env.API_EXTERNAL_URL ?? '').trim().replace(/\/+$/, ''),
      additionalRedirectUrls: (env.ADDITIONAL_REDIRECT_URLS ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    },
    apiLimits: {
      // PGlite runs a statement on the server's own thread, uninterruptibly: a 1000-row insert holds it for
      // about 150 ms, during which no login can even be read. Smaller statements keep others' waits short.
      maxRows: intVar(env, 'API_MAX_ROWS', databaseUrl ? 1000 : 250, 1),
      statementTimeoutMs: { anon: 3_000, authenticated: 8_000, service_role: 8_000 },
      concurrencyPerCaller: 4,
      queuePerCaller: 32,
      heavyWork: { perMinute: intVar(env, 'HEAVY_WORK_PER_MINUTE', 6, 1), concurrent: 1, queue: 2 },
      // PGlite runs one statement at a time for everybody: a part of 100 batch rows (or 50 sample scans) takes
      // about 15 ms on a quiet machine, and each database turn of another user's request may wait for one part.
      partRows: intVar(env, 'WORK_PART_ROWS', databaseUrl ? 0 : 100, 0),
    },
    renderLimits: {
      workers: renderWorkers,
      runningPerCaller: Math.max(1, renderWorkers - 1),
      inFlightPerCaller: 32,
      // Twice the minute's refill at once: a burst of 70 PNGs of 4096 px, or 1,200 of the default 1000 px.
      megapixels: { burst: 2 * renderMegapixels, perMinute: renderMegapixels },
      jobTimeoutMs: 60_000,
    },
    maxUserMetadataBytes: 8 * 1024,
    poolSizes: { auth: 5, api: 10, redirect: 4 },
    scanBatchesInFlight: intVar(env, 'SCAN_BATCHES_IN_FLIGHT', 2, 1),
    now: () => Date.now(),
    log: (line) => console.log(line),
  };
  return { ...config, ...overrides };
}
