// /r/:slug (the dynamic-code redirect), /functions/v1/* (what the local server mounts there: the scans export) and
// random paths under every prefix.
import fc from 'fast-check';
import { P, type AuthSpec, type Body, type FuzzRequest } from './model.ts';
import { authArb, bodyArb, headersArb, malformedText } from './http.ts';
import { anyMethod } from './methods.ts';
import { queryString } from './postgrest.ts';
import { EXTREME_DATES, garbage, hostileString, pctGarbage, pick, queryGarbage } from './values.ts';

const slugArb = fc.oneof(
  {
    weight: 4,
    arbitrary: pick(
      P.slugDyn,
      P.slugDyn,
      P.slugStatic,
      `${P.slugDyn}/`,
      `${P.slugDyn}/extra`,
      `${P.slugDyn}%00`,
      `%20${P.slugDyn}`,
    ),
  },
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{4,64}$/) },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.oneof(pctGarbage, fc.stringMatching(/^[A-Za-z0-9_-]{0,6}$/)), { minLength: 1, maxLength: 5 })
      .map((a) => a.join('')),
  },
  { weight: 2, arbitrary: garbage },
  { weight: 1, arbitrary: fc.integer({ min: 65, max: 5000 }).map((n) => 'a'.repeat(n)) },
);

export const redirectRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    prefix: fc.oneof(
      { weight: 10, arbitrary: pick('/r/') },
      { weight: 1, arbitrary: pick('/r//', '/R/', '/r/r/', '/functions/v1/r/', '/r') },
    ),
    slug: slugArb,
    query: fc.oneof({ weight: 4, arbitrary: pick('') }, { weight: 1, arbitrary: queryString({}) }),
    method: fc.oneof({ weight: 10, arbitrary: pick('GET') }, { weight: 2, arbitrary: anyMethod }),
    auth: fc.oneof(
      { weight: 4, arbitrary: pick<AuthSpec>({ kind: 'none', scheme: 'Bearer', raw: '', apikey: 'none' }) },
      { weight: 1, arbitrary: authArb },
    ),
    headers: headersArb({ userAgent: true }),
    body: fc.oneof({ weight: 8, arbitrary: fc.constant<Body>({ k: 'none' }) }, { weight: 1, arbitrary: bodyArb({}) }),
  })
  .map(({ prefix, slug, query, method, auth, headers, body }) => ({
    route: `${method} /r/:slug`,
    method,
    path: `${prefix}${slug}${query}`,
    auth,
    headers,
    body,
  }));

export const randomRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    path: fc.oneof(
      fc.webPath(),
      fc
        .array(
          fc.oneof(
            fc.webSegment(),
            pctGarbage,
            pick('..', '.', '', 'rest', 'v1', 'rpc', 'auth', 'r', 'api', 'codes', 'functions', 'admin', 'users'),
          ),
          {
            maxLength: 6,
          },
        )
        .map((a) => `/${a.join('/')}`),
      pick(
        '/',
        '//',
        '/rest/v1',
        '/rest/v1/',
        '/rest/v1/rpc',
        '/rest/v1/rpc/',
        '/auth',
        '/auth/v1',
        '/favicon.ico',
        '/%',
        '/%ZZ',
        '/%00',
        '/rest/v1/%ZZ',
        '/rest/v1/rpc/%ZZ',
        '/auth/v1/%ZZ',
        '/api/v1',
        '/api/v1/',
        '/api/v1/%ZZ',
        '/api/v1/codes/',
        '/api/v1/codes//scans',
        '/api/v1/openapi.json/x',
        '/functions/v1',
        '/functions/v1/',
        '/functions/v1/%ZZ',
        '/functions/v1/scans-export/',
        '/functions/v1/scans-export/x',
        '/functions/v1/api/v1/codes',
      ),
    ),
    query: fc.oneof(pick(''), queryString({})),
    method: anyMethod,
    auth: authArb,
    headers: headersArb({ userAgent: true }),
    body: fc.oneof(fc.constant<Body>({ k: 'none' }), bodyArb({})),
  })
  .map(({ path, query, method, auth, headers, body }) => ({
    route: `${method} <random path>`,
    method,
    path: `${path.startsWith('/') ? '' : '/'}${path}${query}`,
    auth,
    headers,
    body,
  }));

// ---- /functions/v1 -------------------------------------------------------------------------------------
/** What the local server mounts under /functions/v1 (server/app.ts); other names answer 404. */
const FUNCTIONS = ['scans-export'];
const INSTANT = fc.oneof(
  { weight: 4, arbitrary: pick('2026-01-01T00:00:00Z', '2026-03-01T00:00:00+01:00', '2025-06-30T23:59:59.999Z') },
  {
    weight: 2,
    arbitrary: fc
      .date({ noInvalidDate: true, min: new Date('2020-01-01'), max: new Date('2030-01-01') })
      .map((d) => d.toISOString()),
  },
  { weight: 3, arbitrary: fc.constantFrom(...EXTREME_DATES) },
  { weight: 1, arbitrary: pick('0001-01-01T00:00:00-15:59', '9999-12-31T23:59:59+15:59', '2026-02-30T00:00:00Z') },
  { weight: 1, arbitrary: hostileString },
  { weight: 1, arbitrary: queryGarbage },
);
/** What the page sends: a range of a day to a year, one of the user's codes or none, a real zone. */
const plausibleExport = fc
  .record({
    from: fc.date({ noInvalidDate: true, min: new Date('2025-01-01'), max: new Date('2026-06-01') }),
    days: fc.integer({ min: 1, max: 366 }),
    code: fc.constantFrom(null, P.id0, P.id1),
    tz: pick('UTC', 'Europe/Berlin', 'America/Los_Angeles'),
  })
  .map(({ from, days, code, tz }) => [
    `from=${encodeURIComponent(from.toISOString())}`,
    `to=${encodeURIComponent(new Date(from.getTime() + days * 86_400_000).toISOString())}`,
    ...(code ? [`code=${code}`] : []),
    `tz=${encodeURIComponent(tz)}`,
  ]);
const EXPORT_FIELDS: [string, fc.Arbitrary<string>][] = [
  ['from', INSTANT],
  ['to', INSTANT],
  ['code', fc.oneof(pick(P.id0, P.id1, '', 'not-a-uuid'), fc.uuid(), hostileString)],
  ['tz', fc.oneof(pick('UTC', 'Europe/Berlin', 'Mars/Olympus', '', '+99:00', 'A'.repeat(5000)), hostileString)],
  ['access_token', fc.oneof(pick('$USER_TOKEN$', '', 'x.y.z'), hostileString)],
];
/** encodeURIComponent, except that a placeholder or a lone surrogate goes out raw. */
const encode = (s: string) => {
  try {
    return /^\$[A-Z_0-9]+\$$/.test(s) ? s : encodeURIComponent(s);
  } catch {
    return s;
  }
};
const exportFields = fc
  .tuple(
    ...EXPORT_FIELDS.map(([name, value]) =>
      fc.option(
        value.map((v) => `${name}=${encode(v)}`),
        { freq: 4, nil: null },
      ),
    ),
    fc.boolean(),
  )
  .map(([from, to, code, tz, token, dup]) => {
    const parts = [from, to, code, tz, token].filter((p): p is string => p !== null);
    return dup && parts.length ? [...parts, parts[0]!] : parts;
  });

export const functionsRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    name: fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(...FUNCTIONS) },
      { weight: 1, arbitrary: pick('hello', 'r', 'api', 'scans-export/x', 'SCANS-EXPORT', '') },
      { weight: 1, arbitrary: queryGarbage },
    ),
    method: fc.oneof({ weight: 10, arbitrary: pick('GET', 'POST', 'POST') }, { weight: 1, arbitrary: anyMethod }),
    fields: fc.oneof(plausibleExport, exportFields),
    form: fc.oneof({ weight: 5, arbitrary: pick(true) }, { weight: 1, arbitrary: pick(false) }),
    other: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: bodyArb({}) }),
    malformed: fc.option(malformedText, { freq: 8 }),
    auth: fc.oneof(
      { weight: 6, arbitrary: pick<AuthSpec>({ kind: 'user', scheme: 'Bearer', raw: '', apikey: 'anon' }) },
      { weight: 2, arbitrary: authArb },
    ),
    headers: headersArb(),
  })
  .map(({ name, method, fields, form, other, malformed, auth, headers }) => {
    const query = method === 'POST' ? '' : fields.length ? `?${fields.join('&')}` : '';
    let body: Body = { k: 'none' };
    const h = headers.filter(([k]) => k !== 'Content-Type');
    if (method !== 'GET' && method !== 'HEAD') {
      if (malformed !== null) body = { k: 'text', s: malformed };
      else if (other !== null) body = other;
      else body = { k: 'text', s: fields.join('&') };
    }
    // A form the way a browser posts it, or whatever Content-Type the headers picked.
    const contentType = form ? 'application/x-www-form-urlencoded' : headers.find(([k]) => k === 'Content-Type')?.[1];
    return {
      route: `${method} /functions/v1/${FUNCTIONS.includes(name) ? name : '<other>'}`,
      method,
      path: `/functions/v1/${name}${query}`,
      auth,
      headers: contentType === undefined ? h : [...h, ['Content-Type', contentType] as [string, string]],
      body,
    };
  });
