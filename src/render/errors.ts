/**
 * Errors a caller can cause, each with a stable code (Excalidraw style): the UI switches on `code`, never on
 * the message. They cross the worker boundary as plain `WireError` data and are re-created on the other side.
 */
export type QrErrorCode =
  | 'DATA_TOO_LONG'
  | 'EMPTY_CONTENT'
  | 'BAD_COLOUR'
  | 'LOW_CONTRAST'
  | 'BAD_SIZE'
  | 'UNKNOWN_LOGO'
  | 'BAD_LOGO'
  | 'ABORTED'
  | 'WORKER_CRASHED'
  | 'WORKER_TIMEOUT'
  | 'INTERNAL';

export class QrError extends Error {
  readonly code: QrErrorCode;
  readonly details: Record<string, string | number | boolean | null>;
  constructor(code: QrErrorCode, message: string, details: Record<string, string | number | boolean | null> = {}) {
    super(message);
    this.name = 'QrError';
    this.code = code;
    this.details = details;
  }
}

/** Plain-data form of an error, safe for structured clone. */
export interface WireError {
  __qrWireError: 1;
  name: string;
  code: QrErrorCode;
  message: string;
  details: Record<string, string | number | boolean | null>;
}

export function isWireError(v: unknown): v is WireError {
  return typeof v === 'object' && v !== null && (v as { __qrWireError?: unknown }).__qrWireError === 1;
}
