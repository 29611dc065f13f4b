// The admin API (GoTrue's admin.go, invite.go and adminGenerateLink): users listed, read, created, updated
// and deleted, invitations and generated links. Only a JWT whose role is service_role or supabase_admin gets
// in; the anon key and users' tokens get 403 not_admin "User not allowed", as from GoTrue.
import type { Context, Hono } from 'hono';
import { sqlState } from '../../lib/db.ts';
import type { Deps } from '../../lib/deps.ts';
import { validateEmail } from '../email.ts';
import { ApiError, forbidden, unauthorized, unprocessable, validationFailed } from '../../lib/errors.ts';
import { readBodyText } from '../../lib/http.ts';
import { assertMetadataSize, assertStorableJson, parseBody, type JsonObject } from '../../lib/json.ts';
import { JwtError } from '../tokens.ts';
import { MAX_PASSWORD_BYTES, checkPasswordStrength, hashPassword } from '../passwords.ts';
import { EMAIL_APP_METADATA, createEmailUser } from '../create-user.ts';
import { allowedRedirect, issueToken, linkBase } from '../mailing.ts';
import { insertIdentity, insertUser, findUserByEmail, findUserById, listIdentities, type UserRow } from '../store.ts';
import { userJson } from '../user-json.ts';
import { deleteUser, listUsersPage, mergeJson, softDeleteUser, updateUserAsAdmin } from '../admin-store.ts';
import { randomUUID } from 'node:crypto';

const ADMIN_ROLES = ['service_role', 'supabase_admin'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DUPLICATE_EMAIL = 'A user with this email address has already been registered';
const DEFAULT_PER_PAGE = 50;

/** GoTrue's requireAuthentication + requireAdmin. */
async function requireAdmin(deps: Deps, c: Context): Promise<void> {
  const match = /^(?:B|b)earer (\S+)$/.exec(c.req.header('Authorization') ?? '');
  if (!match) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  let role: unknown;
  try {
    role = (await deps.signer.verify(match[1]!, deps.config.now())).role;
  } catch (err) {
    if (err instanceof JwtError) {
      throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${err.message}`);
    }
    throw err;
  }
  if (typeof role !== 'string' || !ADMIN_ROLES.includes(role)) throw forbidden('not_admin', 'User not allowed');
}

const GO_DURATION_UNIT_NS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};
/** A Go time.Duration is an int64 of nanoseconds: about 292 years. */
const MAX_GO_DURATION_NS = 2n ** 63n - 1n;

/** Go's time.ParseDuration ("24h", "1h30m", "90s"), in milliseconds; as in Go, beyond an int64 of ns is invalid. */
function parseGoDuration(text: string): number {
  const invalid = () =>
    validationFailed(`invalid format for ban duration: time: invalid duration ${JSON.stringify(text)}`);
  const parts = [...text.matchAll(/(\d+)(?:\.(\d+))?(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) throw invalid();
  let ns = 0n;
  for (const [, whole, fraction = '', unitName] of parts) {
    const unit = GO_DURATION_UNIT_NS[unitName!]!;
    ns += BigInt(whole!) * unit + (fraction ? (BigInt(fraction) * unit) / 10n ** BigInt(fraction.length) : 0n);
    if (ns > MAX_GO_DURATION_NS) throw invalid();
  }
  return Number(ns / 1_000n) / 1_000;
}

/** Page numbers as GoTrue reads them (strconv.ParseUint): decimal digits only. */
function paginationNumber(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = /^\d{1,30}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1)) throw validationFailed('Bad Pagination Parameters: page and per_page must be positive integers');
  return n;
}
/** Pages past this one are past the end of any table: the offset stays a number Postgres takes. */
const LAST_PAGE = 1_000_000_000;

const DUPLICATE_ID = 'A user with this ID already exists';

/** The checks before a write cannot see a concurrent one: the unique index that refuses it decides, as a 422. */
async function uniqueOr422<T>(work: () => Promise<T>, conflict: () => Promise<ApiError>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (sqlState(err) === '23505') throw await conflict();
    throw err;
  }
}

/** ban_duration: "none" lifts a ban; a duration bans until now + it. */
function bannedUntil(deps: Deps, banDuration: string | undefined): number | null | undefined {
  if (banDuration === undefined || banDuration === '') return undefined;
  if (banDuration === 'none') return null;
  return deps.config.now() + parseGoDuration(banDuration);
}

const ADMIN_USER_PARAMS = {
  id: 'string',
  aud: 'string',
  role: 'string',
  email: 'string',
  phone: 'string',
  password: 'string',
  password_hash: 'string',
  email_confirm: 'boolean',
  phone_confirm: 'boolean',
  user_metadata: 'object',
  app_metadata: 'object',
  ban_duration: 'string',
} as const;

async function loadUser(deps: Deps, c: Context): Promise<UserRow> {
  const id = c.req.param('id') ?? '';
  if (!UUID.test(id)) throw new ApiError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(deps.db, id);
  if (!user) throw new ApiError(404, 'user_not_found', 'User not found');
  return user;
}

/** The user as the admin API answers it; 404 when a concurrent delete removed it meanwhile. */
async function userBody(deps: Deps, id: string) {
  const user = await findUserById(deps.db, id);
  if (!user) throw new ApiError(404, 'user_not_found', 'User not found');
  return userJson(user, await listIdentities(deps.db, id));
}

function checkAdminPassword(password: string): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw validationFailed('bcrypt: password length exceeds 72 bytes');
  }
}

export function registerAdmin(app: Hono, deps: Deps): void {
  const { config } = deps;
  const admin = async (c: Context, next: () => Promise<void>) => {
    await requireAdmin(deps, c);
    await next();
  };
  app.use('/admin/*', admin);
  app.use('/invite', admin);
  /** `data` of an invitation or a generated sign-up link becomes the new user's user_metadata. */
  const assertUserData = (data: JsonObject | undefined) => {
    if (data === undefined) return;
    assertStorableJson(data, 'User metadata');
    assertMetadataSize(data, config.maxUserMetadataBytes);
  };

  app.get('/admin/users', async (c) => {
    const page = Math.min(paginationNumber(c.req.query('page'), 1), LAST_PAGE);
    const perPage = paginationNumber(c.req.query('per_page'), DEFAULT_PER_PAGE);
    const { users, identities, total } = await listUsersPage(deps.db, page, Math.min(perPage, 1000));
    // GoTrue's addPaginationHeaders; auth-js reads the page number right after the first "=".
    const pages = Math.ceil(total / perPage);
    const link = (p: number) => `<${c.req.path}?page=${p}&per_page=${perPage}>`;
    const links = [...(pages > page ? [`${link(page + 1)}; rel="next"`] : []), `${link(pages)}; rel="last"`];
    c.header('Link', links.join(', '));
    c.header('X-Total-Count', String(total));
    return c.json({ users: users.map((u) => userJson(u, identities.get(u.id) ?? [])), aud: 'authenticated' });
  });

  app.get('/admin/users/:id', async (c) => {
    const user = await loadUser(deps, c);
    return c.json(userJson(user, await listIdentities(deps.db, user.id)));
  });

  app.post('/admin/users', async (c) => {
    const body = parseBody(await readBodyText(c), 'AdminUserParams', ADMIN_USER_PARAMS);
    if (!body.email && !body.phone) throw validationFailed('Cannot create a user without either an email or phone');
    if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    const email = validateEmail(body.email!);
    if (await findUserByEmail(deps.db, email, 'authenticated')) throw unprocessable('email_exists', DUPLICATE_EMAIL);
    if (body.password !== undefined && body.password_hash) {
      throw validationFailed('Only a password or a password hash should be provided');
    }
    let id: string = randomUUID();
    if (body.id) {
      if (!UUID.test(body.id)) throw validationFailed('ID must conform to the uuid v4 format');
      if (/^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(body.id)) throw validationFailed('ID cannot be a nil uuid');
      id = body.id.toLowerCase();
    }
    if (body.password) checkAdminPassword(body.password);
    const userMetadata = body.user_metadata ?? {};
    const appMetadata = mergeJson(EMAIL_APP_METADATA, body.app_metadata ?? {});
    assertStorableJson(userMetadata, 'User metadata');
    assertMetadataSize(userMetadata, config.maxUserMetadataBytes);
    assertStorableJson(appMetadata, 'App metadata');
    const ban = bannedUntil(deps, body.ban_duration);
    const hash = body.password_hash || (body.password ? await hashPassword(body.password) : '');
    const now = config.now();
    const created = () =>
      deps.db.transaction(async (tx) => {
        await insertUser(tx, {
          id,
          email,
          encryptedPassword: hash,
          appMetadata,
          // GoTrue's admin create keeps user_metadata as given; the identity holds sub and email.
          userMetadata,
          confirmedAtMs: body.email_confirm ? now : null,
          confirmationSentAtMs: null,
          nowMs: now,
        });
        await insertIdentity(tx, {
          id: randomUUID(),
          userId: id,
          identityData: { sub: id, email, email_verified: false, phone_verified: false },
          nowMs: now,
          lastSignInMs: null,
        });
        if (body.role || ban !== undefined) {
          await updateUserAsAdmin(tx, id, { role: body.role || undefined, bannedUntilMs: ban }, now);
        }
      });
    await uniqueOr422(created, async () =>
      (await findUserByEmail(deps.db, email, 'authenticated'))
        ? unprocessable('email_exists', DUPLICATE_EMAIL)
        : unprocessable('user_already_exists', DUPLICATE_ID),
    );
    return c.json(await userBody(deps, id));
  });

  app.put('/admin/users/:id', async (c) => {
    const user = await loadUser(deps, c);
    const body = parseBody(await readBodyText(c), 'AdminUserParams', ADMIN_USER_PARAMS);
    const email = body.email ? validateEmail(body.email) : undefined;
    if (email !== undefined && email !== user.email) {
      const holder = await findUserByEmail(deps.db, email, user.aud);
      if (holder && holder.id !== user.id) throw unprocessable('email_exists', DUPLICATE_EMAIL);
    }
    if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    if (body.password !== undefined) checkPasswordStrength(body.password, config.minPasswordLength);
    let userMetadata: JsonObject | undefined;
    if (body.user_metadata) {
      assertStorableJson(body.user_metadata, 'User metadata');
      userMetadata = mergeJson(user.raw_user_meta_data, body.user_metadata);
      // As PUT /user: removing keys always works, so an account over the cap can still shrink.
      if (Object.values(body.user_metadata).some((v) => v !== null)) {
        assertMetadataSize(userMetadata, config.maxUserMetadataBytes);
      }
    }
    if (body.app_metadata) assertStorableJson(body.app_metadata, 'App metadata');
    const ban = bannedUntil(deps, body.ban_duration);
    const passwordHash = body.password !== undefined ? await hashPassword(body.password) : undefined;
    await uniqueOr422(
      () =>
        deps.db.transaction((tx) =>
          updateUserAsAdmin(
            tx,
            user.id,
            {
              email,
              passwordHash,
              role: body.role || undefined,
              confirmEmail: body.email_confirm === true,
              userMetadata,
              appMetadata: body.app_metadata ? mergeJson(user.raw_app_meta_data, body.app_metadata) : undefined,
              bannedUntilMs: ban,
            },
            config.now(),
          ),
        ),
      async () => unprocessable('email_exists', DUPLICATE_EMAIL),
    );
    return c.json(await userBody(deps, user.id));
  });

  app.delete('/admin/users/:id', async (c) => {
    const user = await loadUser(deps, c);
    const text = await readBodyText(c);
    const soft = text.trim() ? parseBody(text, 'adminUserDeleteParams', { should_soft_delete: 'boolean' }) : {};
    if (soft.should_soft_delete) await deps.db.transaction((tx) => softDeleteUser(tx, user.id, config.now()));
    else await deleteUser(deps.db, user.id);
    return c.json({});
  });

  app.post('/invite', async (c) => {
    const body = parseBody(await readBodyText(c), 'InviteParams', { email: 'string', data: 'object' });
    const email = validateEmail(body.email ?? '');
    assertUserData(body.data);
    const existing = await findUserByEmail(deps.db, email, 'authenticated');
    if (existing && existing.email_confirmed_at !== null) throw unprocessable('email_exists', DUPLICATE_EMAIL);
    const where = { base: linkBase(deps, c), redirectTo: allowedRedirect(deps, c.req.query('redirect_to')) };
    const id = await uniqueOr422(
      () =>
        deps.db.transaction(async (tx) => {
          const now = config.now();
          const user =
            existing ??
            (await createEmailUser(tx, {
              email,
              passwordHash: null,
              data: body.data ?? {},
              confirmed: false,
              nowMs: now,
              dataAsMetadata: true,
            }));
          await tx.query('UPDATE auth.users SET invited_at = $2 WHERE id = $1', [user.id, new Date(now).toISOString()]);
          await issueToken(deps, tx, {
            user,
            kind: 'invite',
            tokenType: 'confirmation_token',
            address: email,
            ...where,
          });
          return user.id;
        }),
      async () => unprocessable('email_exists', DUPLICATE_EMAIL),
    );
    return c.json(await userBody(deps, id));
  });

  app.post('/admin/generate_link', async (c) => {
    const body = parseBody(await readBodyText(c), 'GenerateLinkParams', {
      type: 'string',
      email: 'string',
      new_email: 'string',
      password: 'string',
      data: 'object',
      redirect_to: 'string',
    });
    const email = validateEmail(body.email ?? '');
    assertUserData(body.data);
    const redirectTo = allowedRedirect(deps, body.redirect_to || c.req.query('redirect_to'));
    const base = linkBase(deps, c);
    let type = body.type ?? '';
    let user = await findUserByEmail(deps.db, email, 'authenticated');
    const now = config.now();
    if (!user && ['recovery', 'email_change_current', 'email_change_new'].includes(type)) {
      throw new ApiError(404, 'user_not_found', 'User with this email not found');
    }
    if (!user && type === 'magiclink') type = 'signup';
    if (user && (type === 'signup' || type === 'invite') && user.email_confirmed_at !== null) {
      throw unprocessable('email_exists', DUPLICATE_EMAIL);
    }
    if (!['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'].includes(type)) {
      throw validationFailed(`Invalid email action link type requested: ${type}`);
    }
    if (type === 'signup' && body.password) checkPasswordStrength(body.password, config.minPasswordLength);
    const passwordHash = type === 'signup' && body.password ? await hashPassword(body.password) : null;
    const newEmail = type.startsWith('email_change') ? validateEmail(body.new_email ?? '') : '';
    if (newEmail && !config.mailer.secureEmailChange && type === 'email_change_current') {
      throw validationFailed('Enable secure email change to generate link for current email');
    }
    const issued = await uniqueOr422(
      () =>
        deps.db.transaction(async (tx) => {
          if (!user) {
            user = await createEmailUser(tx, {
              email,
              passwordHash,
              data: body.data ?? {},
              confirmed: false,
              nowMs: now,
              dataAsMetadata: true,
            });
          }
          const u = user;
          const common = { user: u, base, redirectTo, send: false } as const;
          if (type === 'signup' || type === 'invite') {
            if (type === 'invite') {
              await tx.query('UPDATE auth.users SET invited_at = $2 WHERE id = $1', [
                u.id,
                new Date(now).toISOString(),
              ]);
            }
            return issueToken(deps, tx, { ...common, kind: type, tokenType: 'confirmation_token', address: email });
          }
          if (type === 'magiclink' || type === 'recovery') {
            return issueToken(deps, tx, { ...common, kind: type, tokenType: 'recovery_token', address: email });
          }
          const holder = await findUserByEmail(tx, newEmail, u.aud);
          if (holder && holder.id !== u.id) throw unprocessable('email_exists', DUPLICATE_EMAIL);
          await tx.query(
            'UPDATE auth.users SET email_change = $2, email_change_sent_at = $3, email_change_confirm_status = 0 WHERE id = $1',
            [u.id, newEmail, new Date(now).toISOString()],
          );
          const current = type === 'email_change_current';
          return issueToken(deps, tx, {
            ...common,
            kind: 'email_change',
            tokenType: current ? 'email_change_token_current' : 'email_change_token_new',
            address: current ? email : newEmail,
            newEmail,
          });
        }),
      async () => unprocessable('email_exists', DUPLICATE_EMAIL),
    );
    const verificationType = type;
    return c.json({
      ...(await userBody(deps, user!.id)),
      action_link: issued.link,
      email_otp: issued.otp,
      hashed_token: issued.linkToken,
      verification_type: verificationType,
      redirect_to: redirectTo,
    });
  });
}
