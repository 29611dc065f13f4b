// Email validation as GoTrue's validateEmail (contract §3 step 6, §10.2): required, at most 255 characters,
// the badoux/checkmail format regex, then lower-cased with no other normalisation.
import { validationFailed } from '../lib/errors.ts';

/** badoux/checkmail's emailRegexp. */
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const MAX_EMAIL_LENGTH = 255;

export function isEmailFormat(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_FORMAT.test(email);
}

/** Returns the lower-cased address or throws 400 validation_failed with GoTrue's message. */
export function validateEmail(email: string): string {
  if (email === '') throw validationFailed('An email address is required');
  if (email.length > MAX_EMAIL_LENGTH) throw validationFailed('An email address is too long');
  if (!EMAIL_FORMAT.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email.toLowerCase();
}
