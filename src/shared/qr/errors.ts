/**
 * The errors a caller can cause, typed, and their plain-data wire form. `DataTooLongError` is the encoder's (content
 * over the capacity of the allowed versions); `QrError` carries a stable code for everything else the renderer and
 * the worker refuse. Both cross the worker boundary as `WireError` data and are re-created on the other side
 * (src/worker-client); the API maps them to its 400 answers.
 */
import { tooLongAdvice } from './tooLongAdvice.ts';
import { ECLS, type Ecl } from './vocabulary.ts';

/**
 * Thrown when the content does not fit in the largest allowed version at the chosen error-correction level.
 * Never a silent truncation. Both sizes are in bits of the data codeword stream (mode indicators, character
 * counts and data, before the terminator and padding).
 */
export class DataTooLongError extends Error {
  /** Data capacity of `maxVersion` at the chosen level, in bits (data codewords × 8). */
  readonly capacityBits: number;
  /** Bits the content needs at `maxVersion` (headers + data), in bits; larger than `capacityBits`. */
  readonly dataBits: number;
  /** The largest version that was tried (1–40). */
  readonly maxVersion: number;
  /** The level the content was encoded at. */
  readonly ecl: Ecl;
  /** Data capacity of `maxVersion` at each level, in bits: which lower level (if any) would hold the content. */
  readonly levelCapacityBits: Readonly<Record<Ecl, number>>;

  constructor(
    dataBits: number,
    capacityBits: number,
    maxVersion: number,
    ecl: Ecl,
    levelCapacityBits: Readonly<Record<Ecl, number>>,
  ) {
    super('Data too long');
    this.name = 'DataTooLongError';
    this.dataBits = dataBits;
    this.capacityBits = capacityBits;
    this.maxVersion = maxVersion;
    this.ecl = ecl;
    this.levelCapacityBits = levelCapacityBits;
  }

  /** The shared advice (tooLongAdvice): what to cut, and what else works. */
  get advice(): string {
    return tooLongAdvice(this);
  }
}

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
  /** A design option out of range (eye shape, gradient, margin, image type). */
  | 'BAD_DESIGN'
  | 'UNKNOWN_LOGO'
  | 'BAD_LOGO'
  /** A hosted page's image that cannot be decoded or re-encoded (workers/service/pageImage.ts). */
  | 'BAD_IMAGE'
  | 'ABORTED'
  | 'WORKER_CRASHED'
  | 'WORKER_TIMEOUT'
  /** The scan check's decoder did not load or crashed (the next check starts a new one). */
  | 'SCAN_UNAVAILABLE'
  /** The scan check's decoder did not answer in time (it may still be loading on a slow network). */
  | 'SCAN_TIMEOUT'
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

/** Worker side: any thrown value → WireError. */
export function toWireError(e: unknown): WireError {
  if (e instanceof DataTooLongError) {
    return {
      __qrWireError: 1,
      name: 'DataTooLongError',
      code: 'DATA_TOO_LONG',
      message: e.message,
      details: {
        dataBits: e.dataBits,
        capacityBits: e.capacityBits,
        maxVersion: e.maxVersion,
        ecl: e.ecl,
        ...Object.fromEntries(ECLS.map((level) => [`capacityBits${level}`, e.levelCapacityBits[level]])),
      },
    };
  }
  if (e instanceof QrError)
    return { __qrWireError: 1, name: e.name, code: e.code, message: e.message, details: e.details };
  const err = e instanceof Error ? e : new Error(String(e));
  return { __qrWireError: 1, name: err.name, code: 'INTERNAL', message: err.message, details: {} };
}

/** Page side: re-creates the typed error from the worker's WireError data. */
export function fromWire(e: unknown): Error {
  if (!isWireError(e)) return e instanceof Error ? e : new Error(String(e));
  if (e.code === 'DATA_TOO_LONG') {
    const d = e.details;
    const levels = Object.fromEntries(ECLS.map((level) => [level, Number(d[`capacityBits${level}`])]));
    return new DataTooLongError(
      Number(d.dataBits),
      Number(d.capacityBits),
      Number(d.maxVersion),
      d.ecl as Ecl,
      levels as Record<Ecl, number>,
    );
  }
  const err = new QrError(e.code, e.message, e.details);
  return err;
}

/** The `code` of any error the client throws ('DATA_TOO_LONG' for DataTooLongError), or null. */
export function errorCode(e: unknown): string | null {
  if (e instanceof DataTooLongError) return 'DATA_TOO_LONG';
  if (e instanceof QrError) return e.code;
  return null;
}
