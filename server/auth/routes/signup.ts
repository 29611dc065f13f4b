// POST /signup (contract §3), in GoTrue's order: limiter, anonymous check, signup switch, password,
// provider, email, then the new / existing-confirmed / existing-unconfirmed branches.
import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { Deps } from '../../lib/deps.ts';
import { sqlState } from '../../lib/db.ts';
import { validateEmail } from '../email.ts';
import { ApiError, unprocessable, validationFailed } from '../../lib/errors.ts';
import { limit, readBodyText, clientIp, storableHeader } from '../../lib/http.ts';
import { assertMetadataSize, assertStorableJson, parseBody, type JsonObject } from '../../lib/json.ts';
import { checkPasswordStrength, hashPassword } from '../passwords.ts';
import { startSession, tokenResponse, type ClientMeta } from '../sessions.ts';
import {
  findUserByEmail,
  findUserById,
  insertIdentity,
  insertUser,
  listIdentities,
  markSignedIn,
  type UserRow,
} from '../store.ts';
import { userJson } from '../user-json.ts';
import { allowedRedirect, issueToken, linkBase } from '../mailing.ts';

/** Where a confirmation mail's link points: GET /verify on this server, then redirect_to. */
interface LinkTarget {
  base: string;
  redirectTo: string;
}

const SIGNUP_PARAMS = {
  email: 'string',
  phone: 'string',
  password: 'string',
  data: 'object',
  provider: 'string',
  channel: 'string',
  code_challenge: 'string',
  code_challenge_method: 'string',
  gotrue_meta_security: 'object',
} as const;

const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

/** SMTP_MAX_FREQUENCY: 429 when the previous mail of this kind is too recent (§3, §10.3). */
export function assertMailFrequency(deps: Deps, sentAt: Date | string | null): void {
  if (sentAt === null) return;
  const next = new Date(sentAt).getTime() + deps.config.emailMaxFrequencySec * 1000;
  const now = deps.config.now();
  if (now < next) {
    const wait = Math.ceil((next - now) / 1000);
    throw new ApiError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
  }
}

/**
 * Runs concurrent sign-ups of one address one after the other in this process, so a burst of them costs
 * one bcrypt hash instead of one each; the unique index on lower(email) still guards across processes.
 */
function keyedQueue() {
  const tails = new Map<string, Promise<void>>();
  return async <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    let release = () => {};
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => mine);
    tails.set(key, tail);
    await previous;
    try {
      return await fn();
    } finally {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

export function registerSignup(app: Hono, deps: Deps): void {
  const { config } = deps;
  const oneAtATime = keyedQueue();

  /** An address that is already registered (§3 step 8, §10.4). */
  const existingUser = async (user: UserRow, email: string, data: JsonObject, where: LinkTarget): Promise<Response> => {
    if (config.autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
    const now = new Date(config.now()).toISOString();
    if (user.email_confirmed_at !== null) {
      // The anti-enumeration fake user: only `identities: []` tells it apart. No mail is sent.
      return Response.json({
        id: randomUUID(),
        aud: 'authenticated',
        role: '',
        email,
        phone: '',
        confirmation_sent_at: now,
        app_metadata: EMAIL_APP_METADATA,
        user_metadata: data,
        identities: [],
        created_at: now,
        updated_at: now,
        is_anonymous: false,
      });
    }
    // Unconfirmed: the account is left alone (the password is ignored); the confirmation is re-sent.
    assertMailFrequency(deps, user.confirmation_sent_at);
    await deps.db.transaction((tx) =>
      issueToken(deps, tx, { user, kind: 'signup', tokenType: 'confirmation_token', address: email, ...where }),
    );
    const fresh = (await findUserById(deps.db, user.id))!;
    return Response.json(userJson(fresh, await listIdentities(deps.db, user.id)));
  };

  const handler = async (c: Context) => {
    const body = parseBody(await readBodyText(c), 'SignupParams', SIGNUP_PARAMS);
    const rawEmail = body.email ?? '';
    const phone = body.phone ?? '';
    const password = body.password ?? '';
    if (rawEmail === '' && phone === '') {
      throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    if (config.disableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    if (password === '') throw validationFailed('Signup requires a valid password');
    checkPasswordStrength(password, config.minPasswordLength);
    if (rawEmail !== '' && phone !== '') {
      throw validationFailed('Only an email address or phone number should be provided on signup.');
    }
    if (phone !== '') throw unprocessable('phone_provider_disabled', 'Phone signups are disabled');
    const email = validateEmail(rawEmail);
    const data = body.data ?? {};
    assertStorableJson(data, 'User metadata');
    assertMetadataSize(data, config.maxUserMetadataBytes);

    const meta = { userAgent: storableHeader(c.req.header('User-Agent')), ip: clientIp(c, config.rateLimits.ipHeader) };
    const where = { base: linkBase(deps, c), redirectTo: allowedRedirect(deps, c.req.query('redirect_to')) };
    return oneAtATime(email, () => createOrAnswer(email, password, data, meta, where));
  };

  const createOrAnswer = async (
    email: string,
    password: string,
    data: JsonObject,
    meta: ClientMeta,
    where: LinkTarget,
  ) => {
    const existing = await findUserByEmail(deps.db, email, 'authenticated');
    if (existing) return existingUser(existing, email, data, where);

    const hash = await hashPassword(password);
    const id = randomUUID();
    const now = config.now();
    const identityData: JsonObject = {
      sub: id,
      email,
      email_verified: config.autoconfirm,
      phone_verified: false,
    };
    const merged: JsonObject = Object.fromEntries([
      ...Object.entries(data).filter(([k]) => !Object.hasOwn(identityData, k)),
      ...Object.entries(identityData),
    ]);
    try {
      return await deps.db.transaction(async (tx) => {
        await insertUser(tx, {
          id,
          email,
          encryptedPassword: hash,
          appMetadata: EMAIL_APP_METADATA,
          // user_metadata is replaced by the identity data (§3 step 8).
          userMetadata: merged,
          confirmedAtMs: config.autoconfirm ? now : null,
          confirmationSentAtMs: config.autoconfirm ? null : now,
          nowMs: now,
        });
        await insertIdentity(tx, {
          id: randomUUID(),
          userId: id,
          identityData: merged,
          nowMs: now,
          lastSignInMs: config.autoconfirm ? now : null,
        });
        if (!config.autoconfirm) {
          // Success B: the bare user, no session (§3), and the confirmation mail.
          await issueToken(deps, tx, {
            user: (await findUserById(tx, id))!,
            kind: 'signup',
            tokenType: 'confirmation_token',
            address: email,
            ...where,
          });
          const user = (await findUserById(tx, id))!;
          return Response.json(userJson(user, await listIdentities(tx, id)));
        }
        // Success A: confirmed at once, signed in with AMR password (§3).
        await markSignedIn(tx, id, now);
        const user = (await findUserById(tx, id))!;
        const { session, refreshToken } = await startSession(deps, tx, user, meta);
        return Response.json(await tokenResponse(deps, tx, user, session, refreshToken));
      });
    } catch (err) {
      // A concurrent sign-up won the unique index on lower(email): answer as for an existing user.
      if (sqlState(err) !== '23505') throw err;
      const winner = await findUserByEmail(deps.db, email, 'authenticated');
      if (!winner) throw err;
      return existingUser(winner, email, data, where);
    }
  };

  app.post('/signup', limit(deps.limiters.signup, config.rateLimits.ipHeader), handler);
}
