/** Everything the codes data module can fail with, as one typed error carrying a sentence for the user. */
export type CodesErrorKind = 'plan_limit' | 'signed_out' | 'not_found' | 'invalid' | 'network' | 'refused' | 'unknown';

export class CodesError extends Error {
  readonly kind: CodesErrorKind;
  /** PostgREST / SQLSTATE code when the server gave one. */
  readonly code: string | undefined;
  /** What the user can do about it, when there is something. */
  readonly hint: string | undefined;
  constructor(kind: CodesErrorKind, message: string, options: { code?: string; hint?: string } = {}) {
    super(message);
    this.name = 'CodesError';
    this.kind = kind;
    this.code = options.code;
    this.hint = options.hint;
  }
}

export const PLAN_LIMIT_MESSAGE = 'Free plan limit reached: at most 3 dynamic QR codes';
export const PLAN_LIMIT_HINT = 'Delete a dynamic code, make it static, or upgrade to Pro for unlimited dynamic codes.';

interface PostgrestLike {
  code?: unknown;
  message?: unknown;
  hint?: unknown;
  details?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Maps a PostgREST error (or a thrown fetch error) to a CodesError with a clear message. */
export function toCodesError(error: unknown): CodesError {
  if (error instanceof CodesError) return error;
  const e: PostgrestLike = error && typeof error === 'object' ? (error as PostgrestLike) : {};
  const code = text(e.code);
  const message = text(e.message) || (error instanceof Error ? error.message : '');
  const hint = text(e.hint) || undefined;

  if (code === 'P0001' && message.startsWith('Free plan limit reached')) {
    return new CodesError('plan_limit', message, { code, hint: hint ?? PLAN_LIMIT_HINT });
  }
  // Other P0001 errors are raised by our own SQL functions with sentences written for people.
  if (code === 'P0001') return new CodesError('refused', message, { code, hint });
  if (code === '42501' || code === 'PGRST301' || code === 'PGRST303' || code === 'PGRST302') {
    return new CodesError('signed_out', 'Your session has ended. Sign in again to manage your QR codes.', { code });
  }
  if (code === 'PGRST116') return new CodesError('not_found', 'This QR code no longer exists. It may have been deleted.', { code });
  if (code === '23514' || code === '22001' || code === '23502' || code === '22P02') {
    const about = `${message} ${text(e.details)}`;
    if (/destination/i.test(about)) {
      return new CodesError('invalid', 'The destination must be a valid web address starting with http:// or https:// (at most 2048 characters).', { code });
    }
    if (/name/i.test(about)) return new CodesError('invalid', 'The name must be 1 to 200 characters long.', { code });
    if (/content/i.test(about)) return new CodesError('invalid', 'The content is too long for a QR code (at most 7089 characters).', { code });
    return new CodesError('invalid', 'Some values were not accepted by the server. Check the form and try again.', { code });
  }
  if (/failed to fetch|networkerror|load failed|fetch failed/i.test(message)) {
    return new CodesError('network', 'Could not reach the server. Check your connection and try again.', { code: code || undefined });
  }
  return new CodesError('unknown', message ? `Something went wrong: ${message}` : 'Something went wrong. Please try again.', {
    code: code || undefined,
    hint,
  });
}
