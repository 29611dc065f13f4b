// Server configuration: environment parsing with the Supabase CLI's local defaults (contract §11).

/** The Supabase CLI's well-known local JWT secret (contract §8.2). Not a real secret. */
export const DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** The Supabase CLI's published demo anon key, an HS256 JWT signed with DEMO_JWT_SECRET (contract §8.2). */
export const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export interface RateLimitConfig {
  /** Per-IP limits on (contract §10.3). */
  enabled: boolean;
  /** Token-bucket burst size (tollbooth burst, 30). */
  burst: number;
  /** Refill per 5 minutes for /token (RATE_LIMIT_TOKEN_REFRESH, 150). */
  tokenPer5Min: number;
  /** Refill per 5 minutes for /signup and PUT /user (RATE_LIMIT_OTP, 30). */
  signupPer5Min: number;
  /** Header holding the client IP (GOTRUE_RATE_LIMIT_HEADER); empty = the socket address. */
  ipHeader: string;
}

export interface ServerConfig {
  port: number;
  /** Interface to bind; the CLI binds every interface, we default to loopback. */
  host: string;
  /** PGlite data directory, used when databaseUrl is empty. */
  dataDir: string;
  /** PostgreSQL connection string; empty selects PGlite. */
  databaseUrl: string;
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
  /** Per-user minimum seconds between confirmation / email-change mails (SMTP_MAX_FREQUENCY, CLI: 1 s). */
  emailMaxFrequencySec: number;
  rateLimits: RateLimitConfig;
  /** Clock in milliseconds; injectable so tests can move time without sleeping. */
  now: () => number;
  /** Log function for the few lines the server prints; tests silence it. */
  log: (line: string) => void;
}

type Env = Readonly<Record<string, string | undefined>>;

function intVar(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  }
  return value;
}

function boolVar(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be true/false (or on/off), got "${env[name] ?? ''}"`);
}

/** Builds a configuration from environment variables; every value has the CLI's local default. */
export function loadConfig(env: Env = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const port = intVar(env, 'PORT', 54321, 0);
  const publicUrl = (env.API_EXTERNAL_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  const jwtSecret = env.JWT_SECRET ?? DEMO_JWT_SECRET;
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
  const config: ServerConfig = {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? '.data',
    databaseUrl: env.DATABASE_URL ?? '',
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
    },
    now: () => Date.now(),
    log: (line) => console.log(line),
  };
  return { ...config, ...overrides };
}
