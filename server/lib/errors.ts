// GoTrue error shapes for API version 2024-01-01 (contract §1.4): {code, message} with the HTTP status,
// plus the weak_password shape and the OAuth-style {error, error_description} shape.

export const API_VERSION = '2024-01-01';

export type ErrorBody =
  | { code: string; message: string; weak_password?: { reasons: string[] } }
  | { error: string; error_description: string };

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: { weak_password?: { reasons: string[] } };
  /** Response headers that belong to this error (Retry-After). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    code: string,
    message: string,
    extra: ApiError['extra'] = {},
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }

  body(): ErrorBody {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

/** OAuth-style error (contract §1.4 item 3): always 400, no `code`. */
export class OAuthError extends ApiError {
  constructor(error: string, description: string) {
    super(400, error, description);
    this.name = 'OAuthError';
  }

  override body(): ErrorBody {
    return { error: this.code, error_description: this.message };
  }
}

export const badRequest = (code: string, message: string) => new ApiError(400, code, message);
export const unauthorized = (code: string, message: string) => new ApiError(401, code, message);
export const forbidden = (code: string, message: string) => new ApiError(403, code, message);
export const unprocessable = (code: string, message: string) => new ApiError(422, code, message);
export const validationFailed = (message: string) => badRequest('validation_failed', message);

/** §1.6: an unparsable body. */
export const badJson = (detail: string) => badRequest('bad_json', `Could not parse request body as JSON: ${detail}`);

/**
 * §10.3: per-IP limiter. GoTrue's own 429s carry no Retry-After (the contract pins that); the redirect's
 * limiter passes one, saying when a token will be there again.
 */
export const rateLimited = (retryAfterSec?: number) =>
  new ApiError(
    429,
    'over_request_rate_limit',
    'Request rate limit reached',
    {},
    retryAfterSec === undefined ? {} : { 'Retry-After': String(retryAfterSec) },
  );

/** The database is down or the connection broke mid-request: retryable (supabase-js retries 502–504). */
export const databaseUnavailable = () =>
  new ApiError(
    503,
    'unexpected_failure',
    'The database is unavailable, please try again in a moment',
    {},
    {
      'Retry-After': '1',
    },
  );

/** §1.4 item 5: anything unexpected. */
export const unexpectedFailure = () =>
  new ApiError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
