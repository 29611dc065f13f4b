// Creating an email user, shared by sign-up by mail (/otp, /magiclink, /invite) and the admin API: the user
// row, its email identity, and user_metadata replaced by the identity data (contract §3 step 8).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../lib/db.ts';
import type { JsonObject } from '../lib/json.ts';
import { findUserById, insertIdentity, insertUser, type UserRow } from './store.ts';

export const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

export interface NewEmailUser {
  email: string;
  /** A bcrypt hash, or null for an account that signs in by mail only. */
  passwordHash: string | null;
  data: JsonObject;
  confirmed: boolean;
  nowMs: number;
  id?: string;
  appMetadata?: JsonObject;
  /** Keep `data` as user_metadata (the admin API's invite and generate_link), not merged with the identity. */
  dataAsMetadata?: boolean;
}

export async function createEmailUser(q: Queryable, u: NewEmailUser): Promise<UserRow> {
  const id = u.id ?? randomUUID();
  const identityData: JsonObject = { sub: id, email: u.email, email_verified: u.confirmed, phone_verified: false };
  const merged: JsonObject = Object.fromEntries([
    ...Object.entries(u.data).filter(([k]) => !Object.hasOwn(identityData, k)),
    ...Object.entries(identityData),
  ]);
  await insertUser(q, {
    id,
    email: u.email,
    encryptedPassword: u.passwordHash ?? '',
    appMetadata: { ...EMAIL_APP_METADATA, ...u.appMetadata },
    userMetadata: u.dataAsMetadata ? u.data : merged,
    confirmedAtMs: u.confirmed ? u.nowMs : null,
    confirmationSentAtMs: null,
    nowMs: u.nowMs,
  });
  await insertIdentity(q, {
    id: randomUUID(),
    userId: id,
    identityData: u.dataAsMetadata ? identityData : merged,
    nowMs: u.nowMs,
    lastSignInMs: null,
  });
  return (await findUserById(q, id))!;
}
