// GET /user and PUT /user (contract §6.2, §6.3).
import type { Hono } from 'hono';
import { authenticate } from '../middleware.ts';
import type { Deps } from '../../lib/deps.ts';
import { validateEmail } from '../email.ts';
import { forbidden, unprocessable, validationFailed } from '../../lib/errors.ts';
import { readBodyText, takeOrThrow } from '../../lib/http.ts';
import { assertMetadataSize, assertStorableJson, parseBody, type JsonObject } from '../../lib/json.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from '../passwords.ts';
import {
  deleteSessions,
  findUserByEmail,
  findUserById,
  listIdentities,
  setEmailChange,
  updatePassword,
  updateUserMetadata,
} from '../store.ts';
import { userJson } from '../user-json.ts';
import { assertMailFrequency } from './signup.ts';
import { sendEmailChange } from './mail-requests.ts';
import { checkCode, deleteToken, tokenHash } from '../one-time-tokens.ts';

const USER_UPDATE_PARAMS = {
  email: 'string',
  phone: 'string',
  password: 'string',
  current_password: 'string',
  nonce: 'string',
  channel: 'string',
  data: 'object',
  app_metadata: 'object',
  code_challenge: 'string',
  code_challenge_method: 'string',
} as const;

/** Shallow merge; a key whose value is null is removed (§6.3). */
function mergeMetadata(current: JsonObject, patch: JsonObject): JsonObject {
  const merged = new Map(Object.entries(current));
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) merged.delete(k);
    else merged.set(k, v);
  }
  return Object.fromEntries(merged);
}

export function registerUser(app: Hono, deps: Deps): void {
  const { config } = deps;

  app.get('/user', async (c) => {
    const { user, claims } = await authenticate(deps, c);
    const requestAud = c.req.header('X-JWT-AUD') || claims.aud;
    if (JSON.stringify(requestAud) !== JSON.stringify(claims.aud)) {
      throw validationFailed("Token audience doesn't match request audience");
    }
    return c.json(userJson(user, await listIdentities(deps.db, user.id)));
  });

  app.put('/user', async (c) => {
    const { user, session } = await authenticate(deps, c);
    takeOrThrow(deps.limiters.user, c, config.rateLimits.ipHeader);
    const body = parseBody(await readBodyText(c), 'UserUpdateParams', USER_UPDATE_PARAMS);

    if (body.app_metadata !== undefined) {
      throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
    }
    const newEmail = body.email ? validateEmail(body.email) : undefined;
    if (body.password !== undefined) checkPasswordStrength(body.password, config.minPasswordLength);
    if (body.phone && body.phone !== (user.phone ?? '')) {
      throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    }
    if (body.data !== undefined) assertStorableJson(body.data, 'User metadata');

    let newHash: string | undefined;
    // A nonce from GET /reauthenticate, when given, must be the live one (GoTrue's verifyReauthentication);
    // a wrong one counts against it like a wrong code at /verify.
    const nonce = body.nonce ?? '';
    if (body.password !== undefined && nonce !== '') {
      const fresh = await deps.db.transaction(async (tx) => {
        const hash = tokenHash(user.email ?? '', nonce);
        const token = await checkCode(tx, { userId: user.id }, hash, ['reauthentication_token']);
        if (!token || new Date(token.created_at).getTime() + config.mailer.otpExpSec * 1000 < config.now()) {
          return false;
        }
        await deleteToken(tx, token.id);
        return true;
      });
      if (!fresh) throw unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');
    }
    if (body.password !== undefined) {
      if (user.encrypted_password && (await verifyPassword(body.password, user.encrypted_password))) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      newHash = await hashPassword(body.password);
    }
    const emailChanges = newEmail !== undefined && newEmail !== (user.email ?? '').toLowerCase();
    if (emailChanges) {
      const holder = await findUserByEmail(deps.db, newEmail, user.aud);
      if (holder && holder.id !== user.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      assertMailFrequency(deps, user.email_change_sent_at);
    }

    const now = config.now();
    await deps.db.transaction(async (tx) => {
      if (body.data !== undefined) {
        const current = (await findUserById(tx, user.id))?.raw_user_meta_data ?? {};
        const merged = mergeMetadata(current, body.data);
        // Removing keys always works, so an account over the cap can still shrink its metadata.
        if (Object.keys(body.data).some((k) => body.data![k] !== null))
          assertMetadataSize(merged, config.maxUserMetadataBytes);
        await updateUserMetadata(tx, user.id, merged, now);
      }
      if (newHash !== undefined) {
        await updatePassword(tx, user.id, newHash, now);
        // A password change signs out every other session (§6.3, §10.5).
        await deleteSessions(tx, user.id, 'others', session?.id ?? null);
      }
      if (emailChanges) {
        // Not applied until verified, even with autoconfirm (§6.3): a link goes to the new address, and with
        // secure email change (the default) one to the current address too.
        await setEmailChange(tx, user.id, newEmail, now);
        await sendEmailChange(deps, c, tx, user, newEmail);
      }
    });
    const fresh = (await findUserById(deps.db, user.id))!;
    return c.json(userJson(fresh, await listIdentities(deps.db, user.id)));
  });
}
