// The User and Identity objects as GoTrue serialises them (contract §2.1); never the hash or tokens.
import type { IdentityRow, Json, UserRow } from './store.ts';

type Ts = Date | string | null;

const isoOrUndefined = (t: Ts): string | undefined => {
  if (t === null) return undefined;
  return (t instanceof Date ? t : new Date(t)).toISOString();
};

function dropUndefined(o: Record<string, unknown>): Json {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

export function identityJson(i: IdentityRow): Json {
  return dropUndefined({
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: isoOrUndefined(i.last_sign_in_at),
    created_at: isoOrUndefined(i.created_at),
    updated_at: isoOrUndefined(i.updated_at),
    email: i.email ?? undefined,
  });
}

export function userJson(u: UserRow, identities: IdentityRow[]): Json {
  return dropUndefined({
    id: u.id,
    aud: u.aud,
    role: u.role,
    email: u.email ?? '',
    email_confirmed_at: isoOrUndefined(u.email_confirmed_at),
    invited_at: isoOrUndefined(u.invited_at),
    phone: u.phone ?? '',
    phone_confirmed_at: isoOrUndefined(u.phone_confirmed_at),
    confirmation_sent_at: isoOrUndefined(u.confirmation_sent_at),
    confirmed_at: isoOrUndefined(u.confirmed_at),
    recovery_sent_at: isoOrUndefined(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: isoOrUndefined(u.email_change_sent_at),
    last_sign_in_at: isoOrUndefined(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data,
    user_metadata: u.raw_user_meta_data,
    identities: identities.map(identityJson),
    created_at: isoOrUndefined(u.created_at),
    updated_at: isoOrUndefined(u.updated_at),
    banned_until: isoOrUndefined(u.banned_until),
    deleted_at: isoOrUndefined(u.deleted_at),
    is_anonymous: u.is_anonymous,
  });
}
