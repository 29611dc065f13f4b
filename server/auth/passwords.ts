// Passwords: bcrypt cost 10, byte-length rules and strength reasons (contract §3 step 4, §10.1).
import { randomBytes } from 'node:crypto';
import { bcryptPool } from './bcrypt-pool.ts';
import { ApiError, validationFailed } from '../lib/errors.ts';

export const BCRYPT_COST = 10;
/** bcrypt reads at most 72 bytes; longer passwords are refused, never truncated (§10.1). */
export const MAX_PASSWORD_BYTES = 72;

export const hashPassword = (password: string): Promise<string> => bcryptPool.hash(password, BCRYPT_COST);

/** The first 72 bytes of password, cut at a character boundary: what bcrypt reads. */
function bcryptInput(password: string): string {
  const bytes = Buffer.from(password, 'utf8');
  if (bytes.length <= MAX_PASSWORD_BYTES) return password;
  // Cut at a character boundary; a continuation byte (10xxxxxx) cannot start a character.
  let end = MAX_PASSWORD_BYTES;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}

/**
 * Compares a password with a hash. bcrypt runs for every length, so that the answer takes as long for a
 * too-long password as for any other: a shortcut here told existing accounts (fast) from unknown ones (a
 * dummy bcrypt, slow). A password over 72 bytes never matches: sign-up and password change refuse them.
 */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const tooLong = Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES;
  const matches = await bcryptPool.compare(bcryptInput(password), hash);
  return matches && !tooLong;
}

let dummyHash: Promise<string> | undefined;

/**
 * Burns one bcrypt comparison against a throw-away hash, so that "unknown email" costs the same time as
 * "wrong password" (§10.4: an improvement over GoTrue, which skips bcrypt for unknown users).
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= bcryptPool.hash(randomBytes(16).toString('hex'), BCRYPT_COST);
  await bcryptPool.compare(bcryptInput(password), await dummyHash);
}

export interface WeakPassword {
  message: string;
  reasons: string[];
}

/** Strength reasons of the current policy (only `length`; no required character sets, no HIBP). */
export function weakPasswordReasons(password: string, minLength: number): WeakPassword | null {
  const messages: string[] = [];
  const reasons: string[] = [];
  // GoTrue compares len() of the Go string, i.e. bytes.
  if (Buffer.byteLength(password, 'utf8') < minLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${minLength} characters.`);
  }
  return reasons.length ? { message: messages.join(' '), reasons } : null;
}

/** Throws 400 for more than 72 bytes, 422 weak_password with reasons otherwise (§3 step 4). */
export function checkPasswordStrength(password: string, minLength: number): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const weak = weakPasswordReasons(password, minLength);
  if (weak) {
    throw new ApiError(422, 'weak_password', weak.message, { weak_password: { reasons: weak.reasons } });
  }
}
