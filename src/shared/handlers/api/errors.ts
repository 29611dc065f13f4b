// Every error of the public API has one shape, `{ "error": { "code", "message" } }`, whatever the runtime.
// `code` is a stable word scripts can branch on (docs/api.md lists them); `message` says what to change.

export type ApiErrorCode =
  | 'invalid_request'
  | 'invalid_json'
  | 'missing_api_key'
  | 'invalid_api_key'
  | 'not_found'
  | 'method_not_allowed'
  | 'plan_limit_reached'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'service_unavailable'
  | 'format_unavailable'
  | 'internal_error';

export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string };
}

export class ApiV1Error extends Error {
  readonly status: 400 | 401 | 403 | 404 | 405 | 413 | 415 | 429 | 500 | 501 | 503;
  readonly code: ApiErrorCode;
  readonly headers: Record<string, string>;
  constructor(status: ApiV1Error['status'], code: ApiErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiV1Error';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }

  body(): ApiErrorBody {
    return { error: { code: this.code, message: this.message } };
  }
}

export const invalidRequest = (message: string) => new ApiV1Error(400, 'invalid_request', message);
export const codeNotFound = () => new ApiV1Error(404, 'not_found', 'No QR code with that id in your account');

export function errorResponse(err: ApiV1Error, extraHeaders: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(err.body()), {
    status: err.status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...extraHeaders,
      ...err.headers,
    },
  });
}
