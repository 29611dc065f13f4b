/**
 * Everything a data call (supabase-js against PostgREST, or the network under it) can fail with, as one typed
 * error: a `code` the code can branch on, and a `message` written for the user.
 */
export type DataErrorCode = 'plan_limit' | 'signed_out' | 'not_found' | 'invalid' | 'network' | 'refused' | 'unknown';

export class DataError extends Error {
  readonly code: DataErrorCode;
  /** PostgREST / SQLSTATE code when the server gave one. */
  readonly serverCode: string | undefined;
  /** What the user can do about it, when there is something. */
  readonly hint: string | undefined;
  constructor(code: DataErrorCode, message: string, options: { serverCode?: string; hint?: string } = {}) {
    super(message);
    this.name = 'DataError';
    this.code = code;
    this.serverCode = options.serverCode;
    this.hint = options.hint;
  }
}

export const PLAN_LIMIT_MESSAGE = 'Free plan limit reached: at most 3 dynamic QR codes';
export const PLAN_LIMIT_HINT = 'Delete a dynamic code, make it static, or upgrade to Pro for unlimited dynamic codes.';
export const NOT_FOUND_MESSAGE = 'This QR code no longer exists. It may have been deleted.';
export const NO_DATA_MESSAGE = 'The server returned no data. Please try again.';

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  hint?: unknown;
  details?: unknown;
  name?: unknown;
  /** Set by every supabase-js AuthError. */
  __isAuthError?: unknown;
}

/** Auth error codes (and names) that mean the session is gone: the user has to sign in again. */
const SESSION_ENDED = new Set([
  'session_not_found',
  'session_expired',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'bad_jwt',
  'no_authorization',
  'AuthSessionMissingError',
]);

interface ErrorFields {
  code: string;
  message: string;
  hint: string | undefined;
  details: string;
  /** True for a supabase-js AuthError that says the session has ended. */
  sessionEnded: boolean;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The fields of a PostgrestError, an AuthError or a thrown Error, whichever `error` is. */
export function errorFields(error: unknown): ErrorFields {
  const e: ErrorLike = error && typeof error === 'object' ? (error as ErrorLike) : {};
  const code = text(e.code);
  return {
    code,
    message: text(e.message) || (error instanceof Error ? error.message : ''),
    hint: text(e.hint) || undefined,
    details: text(e.details),
    sessionEnded: e.__isAuthError === true && (SESSION_ENDED.has(code) || SESSION_ENDED.has(text(e.name))),
  };
}

/** The code of a failure: what kind of trouble it is, from the server's code or the message of a network error. */
export function classify({
  code,
  message,
  sessionEnded,
}: Pick<ErrorFields, 'code' | 'message' | 'sessionEnded'>): DataErrorCode {
  if (sessionEnded) return 'signed_out';
  // PT403: scan settings over the owner's plan (20261129005000_scan_settings_plan_limits.sql), a 403 with the sentence.
  if (code === 'P0001' || code === 'PT403')
    return message.startsWith('Free plan limit reached') ? 'plan_limit' : 'refused';
  if (code === '42501' || code === 'PGRST301' || code === 'PGRST303' || code === 'PGRST302') return 'signed_out';
  if (code === 'PGRST116') return 'not_found';
  if (code === '23514' || code === '22001' || code === '23502' || code === '22P02') return 'invalid';
  if (/failed to fetch|networkerror|load failed|fetch failed/i.test(message)) return 'network';
  return 'unknown';
}

/** Maps a PostgREST error (or a thrown fetch error) to a DataError with a clear message. */
export function toDataError(error: unknown): DataError {
  if (error instanceof DataError) return error;
  const fields = errorFields(error);
  const { code, message, hint, details } = fields;
  const kind = classify(fields);
  const serverCode = code || undefined;

  switch (kind) {
    case 'plan_limit':
      return new DataError(kind, message, { serverCode, hint: hint ?? PLAN_LIMIT_HINT });
    // Other P0001 errors are raised by our own SQL functions with sentences written for people.
    case 'refused':
      return new DataError(kind, message, { serverCode, hint });
    case 'signed_out':
      return new DataError(kind, 'Your session has ended. Sign in again to manage your QR codes.', { serverCode });
    case 'not_found':
      return new DataError(kind, NOT_FOUND_MESSAGE, { serverCode });
    case 'invalid': {
      const about = `${message} ${details}`;
      if (/destination/i.test(about)) {
        return new DataError(
          kind,
          'The destination must be a valid web address starting with http:// or https:// (at most 2048 characters).',
          {
            serverCode,
          },
        );
      }
      if (/name/i.test(about)) return new DataError(kind, 'The name must be 1 to 200 characters long.', { serverCode });
      if (/content/i.test(about))
        return new DataError(kind, 'The content is too long for a QR code (at most 7089 characters).', { serverCode });
      return new DataError(kind, 'Some values were not accepted by the server. Check the form and try again.', {
        serverCode,
      });
    }
    case 'network':
      return new DataError(kind, 'Could not reach the server. Check your connection and try again.', { serverCode });
    case 'unknown':
      return new DataError(
        kind,
        message ? `Something went wrong: ${message}` : 'Something went wrong. Please try again.',
        { serverCode, hint },
      );
  }
}
