// Passwords: bcrypt cost 10, byte-length rules and strength reasons (contract §3 step 4, §10.1).
import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { ApiError, validationFailed } from './errors.ts';

export const BCRYPT_COST = 10;
/** bcrypt reads at most 72 bytes; longer passwords are refused, never truncated (§10.1). */
export const MAX_PASSWORD_BYTES = 72;

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, BCRYPT_COST);

export const verifyPassword = (password: string, hash: string): Promise<boolean> =>
  Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES ? Promise.resolve(false) : bcrypt.compare(password, hash);

let dummyHash: Promise<string> | undefined;

/**
 * Burns one bcrypt comparison against a throw-away hash, so that "unknown email" costs the same time as
 * "wrong password" (§10.4: an improvement over GoTrue, which skips bcrypt for unknown users).
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= bcrypt.hash(randomBytes(16).toString('hex'), BCRYPT_COST);
  await bcrypt.compare(password.slice(0, MAX_PASSWORD_BYTES), await dummyHash);
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
