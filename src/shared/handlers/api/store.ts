// What the API reads and writes, whichever runtime serves it. An implementation resolves a key to its owner
// (the one step that is not the user's own: a lookup by hash) and then reads and writes strictly as that user,
// so row-level security decides what is visible (locally: server/api/local-store.ts, SQL as `authenticated`).
import type { ExportSession } from '../../scans/exportSource.ts';
import type { Code, CodeCreate, CodePatch, ScanStats } from './schemas.ts';

/** A code as stored; the handler adds `short_url`. */
export type StoredCode = Omit<Code, 'short_url'>;

export interface ScanRange {
  /** Days in `timeZone`, `to` included. */
  fromDay: string;
  toDay: string;
  timeZone: string;
  /** The instants those days begin and end: [fromInstant, toInstant). */
  fromInstant: string;
  toInstant: string;
}

export interface UserSession {
  listCodes(limit: number, offset: number): Promise<{ codes: StoredCode[]; total: number }>;
  /** null when the caller has no such code (RLS hides other users' codes). */
  getCode(id: string): Promise<StoredCode | null>;
  createCode(input: CodeCreate): Promise<StoredCode>;
  updateCode(id: string, patch: CodePatch): Promise<StoredCode | null>;
  deleteCode(id: string): Promise<boolean>;
  /** The analytics RPCs for one code; null when the caller has no such code. */
  scanStats(id: string, range: ScanRange): Promise<Omit<ScanStats, 'code_id' | 'from' | 'to' | 'time_zone'> | null>;
  /** The scans CSV export's reader, as this user. */
  exportSession(): Promise<ExportSession>;
}

export interface ApiStore {
  /** The owner of an active key given its sha256 (hex), or null; notes that the key was used. */
  resolveKey(keyHash: string): Promise<string | null>;
  /** Everything else, as that user. */
  asUser(userId: string): UserSession;
}

/** A database refusal the handler turns into a 4xx: the SQLSTATE and the database's message. */
export function sqlState(err: unknown): string | null {
  if (typeof err === 'object' && err !== null && 'code' in err) {
    const code = (err as { code: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}
