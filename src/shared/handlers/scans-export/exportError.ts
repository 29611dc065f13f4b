/** A refusal with its HTTP status; `code` is a stable machine-readable word. */
export class ExportError extends Error {
  readonly status: 400 | 401 | 404 | 405 | 413 | 415 | 429;
  readonly code: string;
  readonly headers: Record<string, string>;
  constructor(status: ExportError['status'], code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ExportError';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}
