// POST /verify (a code, or a token hash, for a session) and GET /verify (the mailed link: a 303 back to the
// app with the session, or the error, in the URL fragment), as GoTrue's internal/api/verify.go.
import type { Context, Hono } from 'hono';
import type { Deps } from '../../lib/deps.ts';
import { validateEmail } from '../email.ts';
import { ApiError, forbidden, rateLimited, unprocessable, validationFailed } from '../../lib/errors.ts';
import { clientIp, readBodyText, storableHeader, takeOrThrow } from '../../lib/http.ts';
import { parseBody, type JsonObject } from '../../lib/json.ts';
import { allowedRedirect } from '../mailing.ts';
import { checkCode, deleteToken, deleteTokens, findLinkToken, tokenHash, type TokenType } from '../one-time-tokens.ts';
import { startSession, tokenResponse } from '../sessions.ts';
import {
  applyEmailChange,
  confirmEmail,
  findUserByEmail,
  findUserById,
  markSignedIn,
  setEmailChangeConfirmStatus,
} from '../store.ts';

/** Only with MAILER_SECURE_EMAIL_CHANGE_ENABLED, when the first of the two addresses has confirmed. */
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

const TOKEN_TYPES: Record<string, readonly TokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  // A mailed code: whichever of the two was sent last.
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
};

const linkInvalid = () => forbidden('otp_expired', 'Email link is invalid or has expired');
const codeInvalid = () => forbidden('otp_expired', 'Token has expired or is invalid');

type Outcome = { session: JsonObject } | { single: true };

interface VerifyInput {
  type: string;
  /** A link's token (token_hash), or a code's token hash when `address` is set. */
  hash: string;
  /** Set when a code was given with its address: the token must have been mailed there. */
  address?: string;
}

/**
 * Checks and spends the token, applies what it confirms, and signs the user in (AMR otp). A code is checked
 * only while its address has wrong codes left in its budget; a wrong one is counted against the address and,
 * committed before the answer, against the tokens mailed there (one-time-tokens.ts checkCode).
 */
async function verifyToken(deps: Deps, c: Context, input: VerifyInput): Promise<Outcome> {
  const { config } = deps;
  const types = TOKEN_TYPES[input.type];
  if (!types) throw validationFailed('Unsupported verification type');
  const { address } = input;
  const wrongCodes = deps.limiters.wrongCodesPerAddress;
  if (address !== undefined && !wrongCodes.allows(address)) throw rateLimited();
  const invalid = address === undefined ? linkInvalid : codeInvalid;
  const meta = { userAgent: storableHeader(c.req.header('User-Agent')), ip: clientIp(c, config.rateLimits.ipHeader) };

  const outcome = await deps.db.transaction(async (tx): Promise<Outcome | null> => {
    const token =
      address === undefined
        ? await findLinkToken(tx, input.hash, types)
        : await checkCode(tx, { address }, input.hash, types);
    if (!token) return null;
    const now = config.now();
    if (new Date(token.created_at).getTime() + config.mailer.otpExpSec * 1000 < now) return null;
    const user = await findUserById(tx, token.user_id);
    if (!user) return null;
    if (user.banned_until !== null && new Date(user.banned_until).getTime() > now) {
      throw forbidden('user_banned', 'User is banned');
    }

    if (token.token_type === 'confirmation_token' || token.token_type === 'recovery_token') {
      await deleteToken(tx, token.id);
      await confirmEmail(tx, user.id, now);
    } else {
      // Both addresses, with autoconfirm too (GoTrue skips this under autoconfirm): otherwise a stolen session
      // and a mailbox of the thief's own would be enough to take the account (docs/auth-contract-recovery.md R8).
      const firstOfTwo =
        config.mailer.secureEmailChange && (user.email_change_confirm_status ?? 0) === 0 && (user.email ?? '') !== '';
      await deleteToken(tx, token.id);
      if (firstOfTwo) {
        await setEmailChangeConfirmStatus(tx, user.id, 1);
        return { single: true };
      }
      if (user.email_change) {
        const holder = await findUserByEmail(tx, user.email_change, user.aud);
        if (holder && holder.id !== user.id) {
          throw unprocessable('email_exists', 'A user with this email address has already been registered');
        }
      }
      await deleteTokens(tx, user.id, ['email_change_token_new', 'email_change_token_current']);
      await applyEmailChange(tx, user.id, now);
    }
    await markSignedIn(tx, user.id, now);
    const fresh = (await findUserById(tx, user.id))!;
    const { session, refreshToken } = await startSession(deps, tx, fresh, meta, 'otp');
    return { session: await tokenResponse(deps, tx, fresh, session, refreshToken) };
  });
  if (outcome !== null) return outcome;
  if (address !== undefined) wrongCodes.take(address);
  throw invalid();
}

const VERIFY_PARAMS = {
  type: 'string',
  token: 'string',
  token_hash: 'string',
  email: 'string',
  phone: 'string',
  redirect_to: 'string',
} as const;

/** GoTrue's VerifyParams.Validate for POST: which token, for which address. */
function postInput(body: { [K in keyof typeof VERIFY_PARAMS]?: string }): VerifyInput {
  const type = body.type ?? '';
  const token = body.token ?? '';
  const hash = body.token_hash ?? '';
  const email = body.email ?? '';
  const phone = body.phone ?? '';
  if (type === '') throw validationFailed('Verify requires a verification type');
  if ((token === '' && hash === '') || (token !== '' && hash !== '')) {
    throw validationFailed('Verify requires either a token or a token hash');
  }
  if (token !== '') {
    if (phone !== '' && email === '') {
      // GoTrue's validatePhone; then no phone account can match (there are none here).
      if (!/^[1-9]\d{1,14}$/.test(phone.replace(/^\+/, '').replaceAll(' ', ''))) {
        throw validationFailed('Invalid phone number format (E.164 required)');
      }
      throw codeInvalid();
    }
    if (email === '' || phone !== '') {
      throw validationFailed('Only an email address or phone number should be provided on verify');
    }
    let address: string;
    try {
      address = validateEmail(email);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
    return { type, hash: tokenHash(address, token), address };
  }
  if (email !== '' || phone !== '' || (body.redirect_to ?? '') !== '') {
    throw validationFailed('Only the token_hash and type should be provided');
  }
  return { type, hash };
}

/** GoTrue's oauthErrorMap: the `error` of an error redirect. */
const OAUTH_ERROR: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** Go's url.Values.Encode: keys sorted, values form-encoded. */
const encodeSorted = (values: Record<string, string>) =>
  new URLSearchParams(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();

function withFragment(url: string, values: Record<string, string>): string {
  const hashAt = url.indexOf('#');
  return `${hashAt < 0 ? url : url.slice(0, hashAt)}#${encodeSorted({ ...values, sb: '' })}`;
}

export function registerVerify(app: Hono, deps: Deps): void {
  const { config } = deps;

  app.post('/verify', async (c) => {
    takeOrThrow(deps.limiters.verify, c, config.rateLimits.ipHeader);
    const body = parseBody(await readBodyText(c), 'VerifyParams', VERIFY_PARAMS);
    const outcome = await verifyToken(deps, c, postInput(body));
    if ('single' in outcome) return c.json({ msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' });
    return c.json(outcome.session);
  });

  app.get('/verify', async (c) => {
    takeOrThrow(deps.limiters.verify, c, config.rateLimits.ipHeader);
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    if (type === '') throw validationFailed('Verify requires a verification type');
    if (token === '') throw validationFailed('Verify requires a token or a token hash');
    const redirectTo = allowedRedirect(deps, c.req.query('redirect_to'));
    let outcome: Outcome;
    try {
      outcome = await verifyToken(deps, c, { type, hash: token });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const values: Record<string, string> = { error_code: err.code, error_description: err.message };
      const oauth = OAUTH_ERROR[err.status];
      if (oauth) values.error = oauth;
      return c.redirect(withFragment(redirectTo, values), 303);
    }
    if ('single' in outcome)
      return c.redirect(withFragment(redirectTo, { message: SINGLE_CONFIRMATION_ACCEPTED }), 303);
    const s = outcome.session;
    return c.redirect(
      withFragment(redirectTo, {
        access_token: String(s.access_token),
        token_type: String(s.token_type),
        expires_in: String(s.expires_in),
        expires_at: String(s.expires_at),
        refresh_token: String(s.refresh_token),
        type,
      }),
      303,
    );
  });
}
