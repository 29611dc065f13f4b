// The requests that mail a token: POST /recover (password reset), POST /otp and /magiclink (sign-in by link
// or code, signing up new addresses), POST /resend (confirmation or email change), GET|POST /reauthenticate.
// GoTrue's recover.go, otp.go, magic_link.go, resend.go, reauthenticate.go. Whether an address has an account
// never shows in the answer: the same status and body, and the same database work (touchNoToken) when there
// is nothing to send; the mail itself leaves after the answer.
import type { Context, Hono } from 'hono';
import type { Deps } from '../../lib/deps.ts';
import { sqlState, type Queryable } from '../../lib/db.ts';
import { validateEmail } from '../email.ts';
import { badRequest, unprocessable, validationFailed } from '../../lib/errors.ts';
import { readBodyText } from '../../lib/http.ts';
import { assertMetadataSize, assertStorableJson, parseBody, type JsonObject } from '../../lib/json.ts';
import { authenticate } from '../middleware.ts';
import { createEmailUser } from '../create-user.ts';
import { allowedRedirect, guardMailRequest, issueToken, linkBase } from '../mailing.ts';
import { newToken, touchNoToken } from '../one-time-tokens.ts';
import { findUserByEmail, type UserRow } from '../store.ts';

const EMPTY = {};

/** The database work of issueToken without a user: an unknown address costs what a known one does. */
async function noMail(deps: Deps, address: string): Promise<void> {
  const { hash } = newToken(address, deps.config.mailer.otpLength);
  await deps.db.transaction(async (tx) => {
    await touchNoToken(tx, hash);
    await tx.query('UPDATE auth.users SET updated_at = updated_at WHERE id = $1', [
      '00000000-0000-0000-0000-000000000000',
    ]);
  });
}

const isConfirmed = (u: UserRow) => u.email_confirmed_at !== null;

export function registerMailRequests(app: Hono, deps: Deps): void {
  const { config } = deps;
  const target = (c: Context) => ({
    base: linkBase(deps, c),
    redirectTo: allowedRedirect(deps, c.req.query('redirect_to')),
  });

  /** Mails the confirmation (sign-up) token to an unconfirmed user. */
  const sendConfirmation = (c: Context, q: Queryable, user: UserRow) =>
    issueToken(deps, q, { user, kind: 'signup', tokenType: 'confirmation_token', address: user.email!, ...target(c) });

  app.post('/recover', async (c) => {
    const body = parseBody(await readBodyText(c), 'RecoverParams', {
      email: 'string',
      code_challenge: 'string',
      code_challenge_method: 'string',
      gotrue_meta_security: 'object',
    });
    if (!body.email) throw validationFailed('Password recovery requires an email');
    const email = validateEmail(body.email);
    guardMailRequest(deps, c, 'recovery', email);
    const user = await findUserByEmail(deps.db, email, 'authenticated');
    if (!user) {
      await noMail(deps, email);
      return c.json(EMPTY);
    }
    await deps.db.transaction((tx) =>
      issueToken(deps, tx, { user, kind: 'recovery', tokenType: 'recovery_token', address: email, ...target(c) }),
    );
    return c.json(EMPTY);
  });

  /** GoTrue's MagicLink: a link (and code) to a confirmed user; new or unconfirmed addresses are signed up. */
  const mailSignInLink = async (c: Context, email: string, data: JsonObject, existing: UserRow | undefined) => {
    if (existing && isConfirmed(existing)) {
      await deps.db.transaction((tx) =>
        issueToken(deps, tx, {
          user: existing,
          kind: 'magiclink',
          tokenType: 'recovery_token',
          address: email,
          ...target(c),
        }),
      );
      return;
    }
    if (config.disableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    await deps.db.transaction(async (tx) => {
      const user =
        existing ??
        (await createEmailUser(tx, {
          email,
          passwordHash: null,
          data,
          confirmed: config.autoconfirm,
          nowMs: config.now(),
        }));
      // With autoconfirm the new account is confirmed and gets its link; otherwise the confirmation mail is the
      // link (and its code signs in too).
      if (config.autoconfirm && isConfirmed(user)) {
        await issueToken(deps, tx, {
          user,
          kind: 'magiclink',
          tokenType: 'recovery_token',
          address: email,
          ...target(c),
        });
      } else {
        await sendConfirmation(c, tx, user);
      }
    });
  };

  const magicLink = async (c: Context, email: string, data: JsonObject): Promise<Response> => {
    guardMailRequest(deps, c, 'magiclink', email);
    try {
      await mailSignInLink(c, email, data, await findUserByEmail(deps.db, email, 'authenticated'));
    } catch (err) {
      // A concurrent request signed the same new address up first (unique index): mail that account instead.
      if (sqlState(err) !== '23505') throw err;
      await mailSignInLink(c, email, data, await findUserByEmail(deps.db, email, 'authenticated'));
    }
    return c.json(EMPTY);
  };

  const OTP_PARAMS = {
    email: 'string',
    phone: 'string',
    create_user: 'boolean',
    data: 'object',
    channel: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
    gotrue_meta_security: 'object',
  } as const;

  app.post('/otp', async (c) => {
    const body = parseBody(await readBodyText(c), 'OtpParams', OTP_PARAMS);
    const email = body.email ?? '';
    const phone = body.phone ?? '';
    if (email !== '' && phone !== '') {
      throw validationFailed('Only an email address or phone number should be provided');
    }
    if (email !== '' && (body.channel ?? '') !== '') {
      throw validationFailed('Channel should only be specified with Phone OTP');
    }
    const data = body.data ?? {};
    assertStorableJson(data, 'User metadata');
    assertMetadataSize(data, config.maxUserMetadataBytes);
    if (body.create_user === false && email !== '') {
      // GoTrue answers this one differently for unknown addresses: the caller asked not to sign up.
      const address = validateEmail(email);
      if (!(await findUserByEmail(deps.db, address, 'authenticated'))) {
        throw unprocessable('otp_disabled', 'Signups not allowed for otp');
      }
    }
    if (email !== '') return magicLink(c, validateEmail(email), data);
    if (phone !== '') throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    throw validationFailed('One of email or phone must be set');
  });

  app.post('/magiclink', async (c) => {
    const body = parseBody(await readBodyText(c), 'MagicLinkParams', OTP_PARAMS);
    if (!body.email) throw unprocessable('validation_failed', 'Password recovery requires an email');
    const data = body.data ?? {};
    assertStorableJson(data, 'User metadata');
    assertMetadataSize(data, config.maxUserMetadataBytes);
    return magicLink(c, validateEmail(body.email), data);
  });

  app.post('/resend', async (c) => {
    const body = parseBody(await readBodyText(c), 'ResendConfirmationParams', {
      type: 'string',
      email: 'string',
      phone: 'string',
      code_challenge: 'string',
      code_challenge_method: 'string',
      gotrue_meta_security: 'object',
    });
    const type = body.type ?? '';
    const email = body.email ?? '';
    const phone = body.phone ?? '';
    if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
      throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
    }
    if (email === '' && type === 'signup') throw validationFailed('Type provided requires an email address');
    if (phone === '' && type === 'sms') throw validationFailed('Type provided requires a phone number');
    if (email !== '' && phone !== '') {
      throw validationFailed('Only an email address or phone number should be provided.');
    }
    if (email === '') {
      if (phone !== '') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
      throw validationFailed('Missing email address or phone number');
    }
    const address = validateEmail(email);
    const kind = type === 'email_change' ? 'email_change' : 'signup';
    guardMailRequest(deps, c, kind, address);
    const user = await findUserByEmail(deps.db, address, 'authenticated');
    if (user && kind === 'signup' && !isConfirmed(user)) {
      await deps.db.transaction((tx) => sendConfirmation(c, tx, user));
    } else if (user && kind === 'email_change' && user.email_change) {
      await deps.db.transaction((tx) => sendEmailChange(deps, c, tx, user, user.email_change!));
    } else {
      await noMail(deps, address);
    }
    return c.json(EMPTY);
  });

  const reauthenticate = async (c: Context) => {
    const { user } = await authenticate(deps, c);
    const email = user.email ?? '';
    if (email === '') {
      throw validationFailed('Reauthentication requires the user to have an email or a phone number');
    }
    if (!isConfirmed(user)) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
    guardMailRequest(deps, c, 'reauthentication', email);
    await deps.db.transaction((tx) =>
      issueToken(deps, tx, {
        user,
        kind: 'reauthentication',
        tokenType: 'reauthentication_token',
        address: email,
        base: '',
        redirectTo: '',
      }),
    );
    return c.json(EMPTY);
  };
  app.get('/reauthenticate', reauthenticate);
  app.post('/reauthenticate', reauthenticate);
}

/**
 * The email-change mails: the new address always gets one; with secure email change the current address
 * gets its own, and both links must be followed (with autoconfirm too).
 */
export async function sendEmailChange(
  deps: Deps,
  c: Context,
  q: Queryable,
  user: UserRow,
  newEmail: string,
): Promise<void> {
  const where = { base: linkBase(deps, c), redirectTo: allowedRedirect(deps, c.req.query('redirect_to')) };
  await q.query('UPDATE auth.users SET email_change = $2, email_change_confirm_status = 0 WHERE id = $1', [
    user.id,
    newEmail,
  ]);
  await issueToken(deps, q, {
    user,
    kind: 'email_change',
    tokenType: 'email_change_token_new',
    address: newEmail,
    newEmail,
    ...where,
  });
  if (deps.config.mailer.secureEmailChange && user.email) {
    await issueToken(deps, q, {
      user,
      kind: 'email_change',
      tokenType: 'email_change_token_current',
      address: user.email,
      newEmail,
      ...where,
    });
  }
}
