// Hostile input: 200+ malformed or hostile requests must each get a 4xx JSON error, never a 500, and the
// server must keep serving; concurrent sign-ups must neither fail nor duplicate (contract §1.4–§1.6, §6.1).
import { randomUUID } from 'node:crypto';
import { SignJWT, decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET } from '../../server/lib/config.ts';
import { PASSWORD, backends, makeClient, signedUpClient, suiteServer, suiteStore, uniqueEmail } from './helpers.ts';

interface Case {
  name: string;
  method: string;
  path: string;
  body?: string | Uint8Array;
  /** Authorization header value; default "Bearer <anon key>"; null = no header. */
  authorization?: string | null;
  headers?: Record<string, string>;
}

const b64url = (s: string | Uint8Array) => Buffer.from(s).toString('base64url');
const rawJwt = (header: object, payload: unknown, signature = '') =>
  `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}.${signature}`;
const sign = (payload: Record<string, unknown>, alg = 'HS256', secret = DEMO_JWT_SECRET) =>
  new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(new TextEncoder().encode(secret));

/** Builds the hostile requests; tokens of a real user make the forged variants realistic. */
async function hostileCases(user: { accessToken: string; email: string }, nowSec: number): Promise<Case[]> {
  const cases: Case[] = [];
  const bearer = `Bearer ${user.accessToken}`;
  const claims = decodeJwt(user.accessToken);
  const endpoints: { name: string; method: string; path: string; authorization?: string }[] = [
    { name: 'signup', method: 'POST', path: '/auth/v1/signup' },
    { name: 'password grant', method: 'POST', path: '/auth/v1/token?grant_type=password' },
    { name: 'refresh grant', method: 'POST', path: '/auth/v1/token?grant_type=refresh_token' },
    { name: 'PUT /user', method: 'PUT', path: '/auth/v1/user', authorization: bearer },
  ];

  // 1. Malformed JSON (18 bodies x 4 endpoints).
  const malformed: (string | Uint8Array)[] = [
    '',
    ' ',
    '{',
    '}',
    '[',
    '{"email":',
    '{"email":"a@b.co"',
    "{'email':'a@b.co'}",
    'undefined',
    'NaN',
    '{"email":"a@b.co",}',
    '\u0000',
    new Uint8Array([0xff, 0xfe, 0x00, 0x7b]),
    '"just a string"',
    '42',
    'true',
    '[1,2]',
    '[]',
  ];
  for (const ep of endpoints) {
    for (const body of malformed) {
      cases.push({ ...ep, name: `${ep.name}: malformed ${JSON.stringify(String(body)).slice(0, 30)}`, body });
    }
  }

  // 2. Wrong types.
  const typed: [number, Record<string, unknown>][] = [
    [0, {}],
    [0, { email: uniqueEmail(), password: '12345' }],
    [0, { email: 1, password: PASSWORD }],
    [0, { email: true, password: PASSWORD }],
    [0, { email: [], password: PASSWORD }],
    [0, { email: {}, password: PASSWORD }],
    [0, { email: uniqueEmail(), password: 123456 }],
    [0, { email: uniqueEmail(), password: ['a'] }],
    [0, { email: uniqueEmail(), password: { x: 1 } }],
    [0, { email: uniqueEmail(), password: PASSWORD, data: 'x' }],
    [0, { email: uniqueEmail(), password: PASSWORD, data: 1 }],
    [0, { email: uniqueEmail(), password: PASSWORD, data: [1] }],
    [0, { email: uniqueEmail(), password: PASSWORD, data: true }],
    [0, { email: uniqueEmail(), password: PASSWORD, gotrue_meta_security: 'x' }],
    [1, { email: 1, password: PASSWORD }],
    [1, { email: user.email, password: {} }],
    [1, { phone: [], password: PASSWORD }],
    [2, { refresh_token: 123456789012 }],
    [2, { refresh_token: [] }],
    [2, { refresh_token: {} }],
    [3, { data: 'x' }],
    [3, { data: [] }],
    [3, { email: 5 }],
    [3, { password: true }],
    [3, { app_metadata: 'x' }],
  ];
  for (const [i, body] of typed) {
    const ep = endpoints[i]!;
    cases.push({
      ...ep,
      name: `${ep.name}: wrong type ${JSON.stringify(body).slice(0, 50)}`,
      body: JSON.stringify(body),
    });
  }

  // 3. Huge fields and bodies.
  const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
  cases.push(
    {
      ...endpoints[0]!,
      name: 'signup: 5000-char email',
      body: JSON.stringify({ email: `${'a'.repeat(5000)}@b.co`, password: PASSWORD }),
    },
    {
      ...endpoints[0]!,
      name: 'signup: 100k password',
      body: JSON.stringify({ email: uniqueEmail(), password: 'x'.repeat(100_000) }),
    },
    {
      ...endpoints[0]!,
      name: 'signup: 2 MiB body',
      body: JSON.stringify({ email: uniqueEmail(), password: PASSWORD, data: { a: 'x'.repeat(2 << 20) } }),
    },
    {
      ...endpoints[0]!,
      name: 'signup: deeply nested data',
      body: `{"email":"${uniqueEmail()}","password":"${PASSWORD}","data":{"d":${deep}}}`,
    },
    {
      ...endpoints[0]!,
      name: 'signup: 10k keys of nesting 40',
      body: JSON.stringify({
        email: uniqueEmail(),
        password: PASSWORD,
        data: JSON.parse(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`) as unknown,
      }),
    },
    {
      ...endpoints[1]!,
      name: 'password grant: 200k email',
      body: JSON.stringify({ email: 'e'.repeat(200_000), password: PASSWORD }),
    },
    {
      ...endpoints[2]!,
      name: 'refresh grant: 500k token',
      body: JSON.stringify({ refresh_token: 'a'.repeat(500_000) }),
    },
    { ...endpoints[3]!, name: 'PUT /user: 1.5 MiB data', body: JSON.stringify({ data: { a: 'x'.repeat(1_500_000) } }) },
    { ...endpoints[3]!, name: 'PUT /user: deeply nested data', body: `{"data":{"d":${deep}}}` },
    { ...endpoints[3]!, name: 'PUT /user: 80-byte password', body: JSON.stringify({ password: 'p'.repeat(80) }) },
  );

  // 4. SQL-looking input.
  const sqlish = [
    "' OR '1'='1",
    "admin'-- @x.com",
    'a@b.co; DROP TABLE auth.users;--',
    '" OR ""="',
    "1' UNION SELECT * FROM auth.users--@x.io",
    "%' OR email LIKE '%",
    "a@b.co'); DELETE FROM auth.users; --",
  ];
  for (const email of sqlish) {
    cases.push({ ...endpoints[0]!, name: `signup: sql ${email}`, body: JSON.stringify({ email, password: PASSWORD }) });
    cases.push({
      ...endpoints[1]!,
      name: `password grant: sql ${email}`,
      body: JSON.stringify({ email, password: "' OR 1=1 --" }),
    });
  }
  cases.push(
    {
      ...endpoints[2]!,
      name: 'refresh grant: sql token',
      body: JSON.stringify({ refresh_token: "' OR 1=1 --; SELECT" }),
    },
    {
      ...endpoints[3]!,
      name: 'PUT /user: sql email',
      body: JSON.stringify({ email: "x'; UPDATE auth.users SET role='admin" }),
    },
  );

  // 5. Unicode.
  const unicodeEmails = ['用户@例子.广告', 'a@b.co\u0000', 'a\u202e@b.co', '😀@b.co', 'a@b.co\ud800', 'ａ@ｂ.co'];
  for (const email of unicodeEmails) {
    cases.push({
      ...endpoints[0]!,
      name: `signup: unicode ${JSON.stringify(email)}`,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    cases.push({
      ...endpoints[1]!,
      name: `password grant: unicode ${JSON.stringify(email)}`,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
  }
  cases.push(
    {
      ...endpoints[0]!,
      name: 'signup: NUL in metadata',
      body: JSON.stringify({ email: uniqueEmail(), password: PASSWORD, data: { n: 'a\u0000b' } }),
    },
    {
      ...endpoints[0]!,
      name: 'signup: lone surrogate metadata key',
      body: `{"email":"${uniqueEmail()}","password":"${PASSWORD}","data":{"\\udc00":1}}`,
    },
    { ...endpoints[3]!, name: 'PUT /user: NUL in metadata', body: JSON.stringify({ data: { n: '\u0000' } }) },
    { ...endpoints[3]!, name: 'PUT /user: lone surrogate metadata', body: '{"data":{"n":"\\ud83d"}}' },
    {
      ...endpoints[2]!,
      name: 'refresh grant: NUL token',
      body: JSON.stringify({ refresh_token: 'abcdefghijk\u0000' }),
    },
    { ...endpoints[2]!, name: 'refresh grant: emoji token', body: JSON.stringify({ refresh_token: '😀😀😀😀😀😀😀' }) },
    {
      ...endpoints[1]!,
      name: 'password grant: NUL password',
      body: JSON.stringify({ email: uniqueEmail(), password: '\u0000' }),
    },
  );

  // 6. Missing or garbled headers.
  for (const authorization of [
    null,
    'Basic YTpi',
    'Bearer',
    'Bearer ',
    'Bearer a b',
    'BEARER x',
    'Token abc',
    bearer.slice(0, 6),
  ]) {
    cases.push({
      name: `GET /user: Authorization ${JSON.stringify(authorization)}`,
      method: 'GET',
      path: '/auth/v1/user',
      authorization,
    });
  }
  cases.push(
    { name: 'PUT /user: no Authorization', method: 'PUT', path: '/auth/v1/user', authorization: null, body: '{}' },
    { name: 'logout: no Authorization', method: 'POST', path: '/auth/v1/logout', authorization: null },
    {
      name: 'logout: 8000-char token',
      method: 'POST',
      path: '/auth/v1/logout',
      authorization: `Bearer ${'x'.repeat(8000)}`,
    },
    {
      ...endpoints[0]!,
      name: 'signup: text/plain garbage',
      headers: { 'Content-Type': 'text/plain' },
      body: 'email=a@b.co&password=x',
    },
    {
      ...endpoints[0]!,
      name: 'signup: form-encoded',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.co&password=secret',
    },
    {
      ...endpoints[0]!,
      name: 'signup: no headers at all',
      authorization: null,
      headers: { apikey: '', 'X-Supabase-Api-Version': '' },
      body: '{',
    },
  );

  // 7. Forged, expired and otherwise bad JWTs.
  const base = { ...claims };
  const forged: [string, string | Promise<string>][] = [
    ['garbage', 'abc'],
    ['three empty parts', '..'],
    ['a.b.c', 'a.b.c'],
    ['two parts', 'a.b'],
    ['four parts', `${user.accessToken}.x`],
    ['alg none unsigned', rawJwt({ alg: 'none', typ: 'JWT' }, base)],
    ['alg none with signature', rawJwt({ alg: 'none', typ: 'JWT' }, base, 'c2ln')],
    ['another secret', sign(base, 'HS256', `another-${DEMO_JWT_SECRET}`)],
    ['HS512 with the right secret', sign(base, 'HS512')],
    ['HS384 with the right secret', sign(base, 'HS384')],
    ['RS256 header, HMAC signature', rawJwt({ alg: 'RS256', typ: 'JWT' }, base, user.accessToken.split('.')[2])],
    ['expired', sign({ ...base, iat: nowSec - 7200, exp: nowSec - 3600 })],
    ['not valid yet', sign({ ...base, nbf: nowSec + 3600 })],
    ['no sub', sign({ ...base, sub: undefined })],
    ['sub not a uuid', sign({ ...base, sub: 'not-a-uuid' })],
    ['sub a number', sign({ ...base, sub: 12345 })],
    ['unknown user', sign({ ...base, sub: randomUUID() })],
    ['unknown session', sign({ ...base, session_id: randomUUID() })],
    ['session_id not a uuid', sign({ ...base, session_id: 'nope' })],
    ['session_id an object', sign({ ...base, session_id: { a: 1 } })],
    ['exp a string', sign({ ...base, exp: 'tomorrow' })],
    ['payload not JSON', `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url('hello')}.${b64url('sig')}`],
    ['payload an array', rawJwt({ alg: 'HS256', typ: 'JWT' }, [1, 2, 3], 'c2ln')],
    ['anon key', DEMO_ANON_KEY],
    ['service role key without sub', sign({ iss: 'supabase-demo', role: 'service_role', exp: nowSec + 3600 })],
    [
      'tampered payload',
      `${user.accessToken.split('.')[0]}.${b64url(JSON.stringify({ ...base, role: 'service_role' }))}.${user.accessToken.split('.')[2]}`,
    ],
    ['truncated signature', user.accessToken.slice(0, -3)],
    ['header not JSON', `${b64url('nope')}.${user.accessToken.split('.')[1]}.${user.accessToken.split('.')[2]}`],
  ];
  for (const [label, token] of forged) {
    const t = await token;
    cases.push({ name: `GET /user: ${label}`, method: 'GET', path: '/auth/v1/user', authorization: `Bearer ${t}` });
    cases.push({ name: `logout: ${label}`, method: 'POST', path: '/auth/v1/logout', authorization: `Bearer ${t}` });
  }

  // 8. Unknown routes and methods.
  for (const [method, path] of [
    ['GET', '/auth/v1/token'],
    ['DELETE', '/auth/v1/user'],
    ['PATCH', '/auth/v1/signup'],
    ['GET', '/auth/v1/%ZZ'],
    ['GET', '/auth/v1/user/extra'],
    ['POST', '/auth/v1/verify'],
    ['GET', '/auth/v1/admin/users'],
    ['GET', '/auth/v1/signup?x=<script>alert(1)</script>'],
    ['POST', '/auth/v2/token'],
    ['GET', '/auth/v1/%00'],
  ] as const) {
    cases.push({ name: `route ${method} ${path}`, method, path });
  }

  // 9. Bad query parameters.
  const pw = JSON.stringify({ email: user.email, password: PASSWORD });
  for (const q of [
    '',
    '?grant_type=',
    '?grant_type=PASSWORD',
    '?grant_type=password%00',
    '?grant_type[]=password',
    '?grant_type=id_token',
    '?grant_type=%E0%A4%A',
  ]) {
    cases.push({ name: `token query ${JSON.stringify(q)}`, method: 'POST', path: `/auth/v1/token${q}`, body: pw });
  }
  for (const scope of ['GLOBAL', '%00', 'a'.repeat(5000), 'global%27--', 'others,local']) {
    cases.push({
      name: `logout scope ${scope.slice(0, 20)}`,
      method: 'POST',
      path: `/auth/v1/logout?scope=${scope}`,
      authorization: bearer,
    });
  }
  return cases;
}

async function send(url: string, c: Case): Promise<{ status: number; contentType: string; text: string }> {
  const headers: Record<string, string> = {
    apikey: DEMO_ANON_KEY,
    'X-Supabase-Api-Version': '2024-01-01',
    'Content-Type': 'application/json;charset=UTF-8',
    ...c.headers,
  };
  if (c.authorization !== null) headers.Authorization = c.authorization ?? `Bearer ${DEMO_ANON_KEY}`;
  for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k];
  const res = await fetch(`${url}${c.path}`, { method: c.method, headers, body: c.body });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** A 4xx JSON error in one of GoTrue's shapes (§1.4), or the reason it is not. */
function problem(r: { status: number; contentType: string; text: string }): string | null {
  if (r.status < 400 || r.status > 499) return `status ${r.status}: ${r.text.slice(0, 200)}`;
  if (!r.contentType.startsWith('application/json')) return `content-type ${r.contentType}`;
  let body: unknown;
  try {
    body = JSON.parse(r.text);
  } catch {
    return `not JSON: ${r.text.slice(0, 100)}`;
  }
  const b = body as Record<string, unknown>;
  const ok =
    (typeof b.code === 'string' && typeof b.message === 'string') ||
    (typeof b.error === 'string' && typeof b.error_description === 'string');
  return ok ? null : `unexpected body ${r.text.slice(0, 200)}`;
}

describe.each(backends)('hostile input on %s', (backend) => {
  const srv = suiteServer(backend);
  let userCount: () => Promise<number>;

  beforeAll(async () => {
    userCount = async () =>
      Number((await srv.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth.users'))[0]!.n);
  });

  it('answers 200+ malformed or hostile requests with 4xx JSON errors and keeps serving', async () => {
    const { session, email } = await signedUpClient(srv.url);
    const cases = await hostileCases({ accessToken: session.access_token, email }, Math.floor(srv.clock.now() / 1000));
    expect(cases.length).toBeGreaterThanOrEqual(200);
    const usersBefore = await userCount();

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < cases.length; i += 8) {
      await Promise.all(
        cases.slice(i, i + 8).map(async (c) => {
          const r = await send(srv.url, c).catch((err: unknown) => ({ status: 0, contentType: '', text: String(err) }));
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          const p = problem(r);
          if (p) failures.push(`${c.name}: ${p}`);
        }),
      );
    }
    expect(failures, failures.join('\n')).toEqual([]);
    // The mix covers the 400, 401, 403, 404, 413 and 422 families.
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([400, 401, 403, 404, 413, 422]));
    expect(await userCount()).toBe(usersBefore);
    expect(srv.logs.filter((l) => l.includes('unexpected'))).toEqual([]);

    // Still serving, and the real user's session survived every forged logout.
    expect((await makeClient(srv.url).auth.getUser(session.access_token)).error).toBeNull();
    const fresh = await signedUpClient(srv.url);
    expect(
      (await makeClient(srv.url).auth.signInWithPassword({ email: fresh.email, password: PASSWORD })).error,
    ).toBeNull();
  });

  it('stores a valid but SQL-looking address verbatim (quotes are legal in the local part)', async () => {
    const email = `o'brien'--${uniqueEmail('sql')}`;
    const { user } = await signedUpClient(srv.url, email);
    expect(user.email).toBe(email);
    const login = await makeClient(srv.url).auth.signInWithPassword({ email, password: PASSWORD });
    expect(login.data.user?.id).toBe(user.id);
    const wrong = await makeClient(srv.url).auth.signInWithPassword({ email: "o'brien'--%", password: PASSWORD });
    expect(wrong.error?.code).toBe('invalid_credentials');
  });

  it('handles 50 concurrent sign-ups of distinct users without a 500 or a duplicate', async () => {
    const emails = Array.from({ length: 50 }, () => uniqueEmail('burst'));
    const results = await Promise.all(
      emails.map((email) => makeClient(srv.url).auth.signUp({ email, password: PASSWORD })),
    );
    expect(results.map((r) => r.error)).toEqual(Array(50).fill(null));
    expect(new Set(results.map((r) => r.data.user?.id)).size).toBe(50);
    const rows = await srv.server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM auth.users WHERE lower(email) = ANY($1::text[])',
      [emails],
    );
    expect(Number(rows[0]!.n)).toBe(50);
  });

  it('handles 50 concurrent sign-ups of one address: one account, 49 × 422 user_already_exists', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        makeClient(srv.url).auth.signUp({ email: i % 2 ? email : email.toUpperCase(), password: PASSWORD }),
      ),
    );
    const ok = results.filter((r) => r.error === null);
    const codes = results.filter((r) => r.error).map((r) => `${r.error!.status} ${r.error!.code}`);
    expect(ok).toHaveLength(1);
    expect(codes).toEqual(Array(49).fill('422 user_already_exists'));
    const rows = await srv.server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM auth.users WHERE lower(email) = $1',
      [email],
    );
    expect(Number(rows[0]!.n)).toBe(1);
    expect(srv.logs.filter((l) => l.includes('unexpected'))).toEqual([]);
    // The database itself refuses a second row for the address, whatever its case.
    await expect(
      srv.server.db.query(
        `INSERT INTO auth.users (id, email, encrypted_password) VALUES (gen_random_uuid(), $1, 'x')`,
        [email.toUpperCase()],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });
});

describe.each(backends.filter((b) => b === 'postgres'))('two server instances on one %s database', (backend) => {
  const store = suiteStore(backend);
  const a = suiteServer(store);
  const b = suiteServer(store);

  it('race sign-ups of one address: the unique index decides, the losers get 422', async () => {
    const email = uniqueEmail('cross');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        makeClient(i % 2 ? a.url : b.url).auth.signUp({ email, password: PASSWORD }),
      ),
    );
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    expect(results.filter((r) => r.error).map((r) => r.error!.code)).toEqual(Array(19).fill('user_already_exists'));
    expect([...a.logs, ...b.logs].filter((l) => l.includes('unexpected'))).toEqual([]);
  });
});
