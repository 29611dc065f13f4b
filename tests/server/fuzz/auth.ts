// /auth/v1: every GoTrue endpoint the server serves, the mail flows (verify, recover, otp, magiclink, resend,
// reauthenticate) and the admin API (users, invite, generate_link) with the service-role key.
import fc from 'fast-check';
import { P, type AuthSpec, type Body, type FuzzRequest } from './model.ts';
import { authArb, bodyArb, headersArb } from './http.ts';
import { anyMethod } from './methods.ts';
import { queryString } from './postgrest.ts';
import { extremeDate, extremeNumber, hostileString, jsonFor, pick, queryGarbage } from './values.ts';

const AUTH_ENDPOINTS: { path: string; methods: string[] }[] = [
  { path: 'signup', methods: ['POST'] },
  { path: 'token', methods: ['POST'] },
  { path: 'user', methods: ['GET', 'PUT'] },
  { path: 'logout', methods: ['POST'] },
  { path: 'settings', methods: ['GET'] },
  { path: 'health', methods: ['GET'] },
  { path: '.well-known/jwks.json', methods: ['GET'] },
  { path: 'verify', methods: ['GET', 'POST'] },
  { path: 'recover', methods: ['POST'] },
  { path: 'otp', methods: ['POST'] },
  { path: 'magiclink', methods: ['POST'] },
  { path: 'resend', methods: ['POST'] },
  { path: 'reauthenticate', methods: ['GET', 'POST'] },
];
const AUTH_FIELDS = {
  email: fc.oneof(
    { weight: 3, arbitrary: pick(P.email, P.emailUpper, ` ${P.email}`, 'a@b.co', '') },
    { weight: 3, arbitrary: fc.nat({ max: 1_000_000 }).map((n) => `fuzz-${n}@example.com`) },
    { weight: 3, arbitrary: jsonFor('text') },
  ),
  password: fc.oneof(pick(P.password, '', 'short', 'x'.repeat(73), 'correct-horse-43'), jsonFor('text')),
  refresh_token: fc.oneof(pick(P.refresh, `${P.refresh}x`, ''), jsonFor('text')),
  phone: fc.oneof(pick('+15551234567', ''), jsonFor('text')),
  data: fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.constant({ a: '\u0000' })),
  gotrue_meta_security: fc.oneof(fc.record({ captcha_token: fc.string() }), fc.jsonValue({ maxDepth: 2 })),
  code_challenge: jsonFor('text'),
  app_metadata: fc.jsonValue({ maxDepth: 2 }),
  nonce: jsonFor('text'),
  token: fc.oneof(fc.stringMatching(/^\d{6}$/), jsonFor('text')),
  token_hash: fc.oneof(fc.stringMatching(/^[0-9a-f]{56}$/), jsonFor('text')),
  type: fc.oneof(
    pick('signup', 'recovery', 'magiclink', 'invite', 'email', 'email_change', 'sms', 'phone_change'),
    jsonFor('text'),
  ),
  redirect_to: fc.oneof(
    pick('http://localhost:5173/', 'https://evil.example/', 'javascript:alert(1)'),
    jsonFor('text'),
  ),
  create_user: fc.oneof(fc.boolean(), jsonFor('bool')),
};

export const authRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    prefix: fc.oneof(
      { weight: 6, arbitrary: pick('/auth/v1/') },
      { weight: 1, arbitrary: pick('/', '/auth/v1//', '/auth/v2/', '/AUTH/v1/', '/auth/v1/%2e%2e/') },
    ),
    endpoint: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...AUTH_ENDPOINTS) },
      {
        weight: 2,
        arbitrary: fc
          .oneof(
            pick(
              'factors',
              'authorize',
              'callback',
              'sso',
              'user/extra',
              'token/',
              'settings/x',
              '.well-known/openid-configuration',
            ),
            queryGarbage,
          )
          .map((path) => ({ path, methods: ['GET', 'POST'] })),
      },
    ),
    methodChoice: fc.nat(),
    randomMethod: fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: anyMethod }),
    query: fc.oneof(
      pick(
        '',
        '?grant_type=password',
        '?grant_type=password',
        '?grant_type=refresh_token',
        '?grant_type=refresh_token',
        '?grant_type=pkce',
        '?grant_type=id_token',
        '?grant_type=',
        '?grant_type[]=password',
        '?grant_type=password%00',
        '?grant_type=%ZZ',
        '?scope=global',
        '?scope=local',
        '?scope=others',
        '?scope=%00',
        '?redirect_to=http://evil',
        '?token=123456&type=signup',
        '?token=123456&type=recovery&redirect_to=http://localhost:5173/',
        '?token_hash=00&type=email',
        '?type=signup&type=recovery',
      ),
      queryString({}, [
        fc.tuple(pick('grant_type', 'scope', 'redirect_to'), queryGarbage).map(([k, v]) => `${k}=${v}`),
      ]),
    ),
    body: fc.oneof(
      // Bodies that reach bcrypt (sign-up, password grant) cost ~70 ms of CPU each: keep them a minority.
      { weight: 3, arbitrary: fc.record(AUTH_FIELDS, { requiredKeys: [] }).map((v): Body => ({ k: 'json', v })) },
      { weight: 5, arbitrary: bodyArb({}, { deepKeys: ['data', 'email', 'password', 'refresh_token'] }) },
    ),
    auth: authArb,
    headers: headersArb(),
  })
  .map(({ prefix, endpoint, methodChoice, randomMethod, query, body, auth, headers }) => {
    const method = randomMethod ?? endpoint.methods[methodChoice % endpoint.methods.length]!;
    const known = AUTH_ENDPOINTS.some((e) => e.path === endpoint.path);
    return {
      route: `${method} /auth/v1/${known ? endpoint.path : '<other>'}`,
      method,
      path: `${prefix}${endpoint.path}${query}`,
      auth,
      headers,
      body,
    };
  });

// ---- the admin API (service role) ------------------------------------------------------------------------
const ADMIN_ID = fc.oneof(
  { weight: 6, arbitrary: pick(P.adminTarget) },
  { weight: 2, arbitrary: fc.uuid() },
  {
    weight: 2,
    arbitrary: pick('00000000-0000-0000-0000-000000000000', 'not-a-uuid', '', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
  },
  { weight: 1, arbitrary: queryGarbage },
);
const DURATIONS = pick(
  '24h',
  '1h30m',
  'none',
  '0s',
  '-1h',
  '99999999999h',
  '2562047h',
  '2562048h',
  '1e308h',
  '1.5h',
  '',
  'h',
  '10d',
  '1000000000000000000000ns',
);
const ADMIN_FIELDS = {
  email: fc.oneof(
    { weight: 3, arbitrary: fc.nat({ max: 1_000_000 }).map((n) => `admin-fuzz-${n}@example.com`) },
    { weight: 1, arbitrary: pick(P.email, P.emailUpper, '') },
    { weight: 2, arbitrary: jsonFor('text') },
  ),
  password: fc.oneof(pick('correct-horse-43', '', 'short', 'x'.repeat(73)), jsonFor('text')),
  password_hash: fc.oneof(
    pick('$2a$10$' + 'a'.repeat(53), '$2b$04$short', '$argon2id$v=19$m=1,t=1,p=1$x$y'),
    jsonFor('text'),
  ),
  email_confirm: fc.oneof(fc.boolean(), jsonFor('bool')),
  phone_confirm: fc.boolean(),
  phone: fc.oneof(pick('+15551234567', ''), jsonFor('text')),
  user_metadata: fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.constant({ pad: 'x'.repeat(9000) }),
    hostileString.map((s) => ({ name: s })),
  ),
  app_metadata: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant({ provider: 'x', providers: [1] })),
  ban_duration: fc.oneof({ weight: 3, arbitrary: DURATIONS }, { weight: 1, arbitrary: jsonFor('text') }),
  role: fc.oneof(pick('authenticated', 'service_role', 'postgres', 'anon', ''), jsonFor('text')),
  id: fc.oneof(pick(P.userId, P.adminTarget, '00000000-0000-0000-0000-000000000000'), fc.uuid(), jsonFor('uuid')),
  type: fc.oneof(
    pick('signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new', 'nope'),
    jsonFor('text'),
  ),
  new_email: fc.oneof(
    fc.nat({ max: 1000 }).map((n) => `moved-${n}@example.com`),
    jsonFor('text'),
  ),
  data: fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    hostileString.map((s) => ({ s })),
  ),
  redirect_to: fc.oneof(pick('http://localhost:5173/', 'https://evil.example/'), jsonFor('text')),
  created_at: fc.oneof(extremeDate, jsonFor('ts')),
  page: fc.oneof(extremeNumber, jsonFor('int')),
};
const PAGE_TEXT = fc.oneof(
  fc.nat({ max: 5 }).map(String),
  pick(
    '0',
    '-1',
    '1e20',
    '1e308',
    'NaN',
    'Infinity',
    '99999999999999999999',
    '9223372036854775808',
    '1.5',
    '',
    '0x10',
    ' 1',
  ),
  queryGarbage,
);
const ADMIN_ENDPOINTS: { path: string; label: string; methods: string[]; query?: boolean }[] = [
  { path: 'admin/users', label: 'admin/users', methods: ['GET', 'POST'], query: true },
  { path: `admin/users/${P.adminTarget}`, label: 'admin/users/:id', methods: ['GET', 'PUT', 'DELETE'] },
  { path: 'invite', label: 'invite', methods: ['POST'] },
  { path: 'admin/generate_link', label: 'admin/generate_link', methods: ['POST'] },
];
/** Service-role credentials most of the time: the admin API's checks come after the key's. */
const adminAuth: fc.Arbitrary<AuthSpec> = fc.oneof(
  { weight: 8, arbitrary: pick<AuthSpec>({ kind: 'service', scheme: 'Bearer', raw: '', apikey: 'anon' }) },
  { weight: 2, arbitrary: authArb },
);

export const adminRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    endpoint: fc.constantFrom(...ADMIN_ENDPOINTS),
    id: ADMIN_ID,
    methodChoice: fc.nat(),
    randomMethod: fc.oneof({ weight: 8, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: anyMethod }),
    query: fc.oneof(
      { weight: 2, arbitrary: pick('') },
      {
        weight: 3,
        arbitrary: fc
          .array(fc.tuple(pick('page', 'per_page', 'page', 'filter', 'redirect_to'), PAGE_TEXT), { maxLength: 3 })
          .map((a) => (a.length ? `?${a.map(([k, v]) => `${k}=${v}`).join('&')}` : '')),
      },
    ),
    body: fc.oneof(
      { weight: 5, arbitrary: fc.record(ADMIN_FIELDS, { requiredKeys: [] }).map((v): Body => ({ k: 'json', v })) },
      { weight: 3, arbitrary: bodyArb({}, { deepKeys: ['user_metadata', 'app_metadata', 'data', 'email'] }) },
    ),
    auth: adminAuth,
    headers: headersArb(),
  })
  .map(({ endpoint, id, methodChoice, randomMethod, query, body, auth, headers }) => {
    const method = randomMethod ?? endpoint.methods[methodChoice % endpoint.methods.length]!;
    const path = endpoint.path.replace(P.adminTarget, id);
    return {
      route: `${method} /auth/v1/${endpoint.label}`,
      method,
      path: `/auth/v1/${path}${endpoint.query || randomMethod ? query : ''}`,
      auth,
      headers,
      body: method === 'GET' || method === 'HEAD' || method === 'DELETE' ? ({ k: 'none' } as Body) : body,
    };
  });
