// Headers (Prefer, Range, Accept, Content-Type, User-Agent, credentials) and bodies (well-formed rows and
// arguments, wrong types, truncated JSON, invalid UTF-8, deep nesting, bulk arrays, raw literals, 1 MB strings,
// multipart and form garbage) for any route.
import fc from 'fast-check';
import type { AuthKind, AuthSpec, Body } from './model.ts';
import {
  HOSTILE_STRINGS,
  MEGA,
  NUMBER_LITERALS,
  OBJECT_MEDIA,
  goodJson,
  hugeString,
  jsonFor,
  own,
  pick,
  type ColKind,
} from './values.ts';

const headerName = fc.oneof(
  pick(
    'X-Forwarded-For',
    'X-Client-Info',
    'X-Real-IP',
    'Cookie',
    'If-None-Match',
    'Accept-Profile',
    'Content-Profile',
    'Range-Unit',
    'X-Supabase-Api-Version',
    'Accept-Encoding',
    'Accept-Language',
    'Referer',
    'X-JWT-AUD',
    'Upgrade-Insecure-Requests',
  ),
  fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,24}$/),
);
/** Header values: tab, visible ASCII and Latin-1 bytes, what fetch sends (control bytes go over raw sockets below). */
const headerByte = fc
  .oneof(fc.constant(0x09), fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }))
  .map((c) => String.fromCharCode(c));
const headerValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: headerByte, maxLength: 40 }),
  hugeString.map((s) =>
    [...s]
      .map((ch) => (ch === '\u0000' || ch > '\u00ff' ? 'x' : ch))
      .join('')
      .slice(0, 9000),
  ),
);

const preferArb = fc
  .tuple(
    fc.array(
      fc.oneof(
        pick(
          'return=representation',
          'return=minimal',
          'return=headers-only',
          'count=exact',
          'count=planned',
          'count=estimated',
          'missing=default',
          'resolution=merge-duplicates',
          'resolution=ignore-duplicates',
          'tx=rollback',
          'tx=commit',
          'handling=strict',
          'handling=lenient',
          'params=single-object',
          'max-affected=1',
          'timezone=Mars/Olympus',
        ),
        fc.string({ maxLength: 12 }),
      ),
      { maxLength: 4 },
    ),
    pick(',', ', ', ';', ' '),
  )
  .map(([p, sep]) => p.join(sep));
const rangeArb = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.nat({ max: 20 }), fc.nat({ max: 30 })).map(([a, n]) => `${a}-${a + n}`) },
  {
    weight: 2,
    arbitrary: pick(
      '0-9',
      'items=0-9',
      '5-',
      '10-2',
      '-5',
      'bytes=0-1',
      '999999999-999999999',
      '0-9999999999',
      '0-0',
      'items=',
      '',
    ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => `${a}-${b}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);
const acceptArb = fc.oneof(
  pick(
    'application/json',
    OBJECT_MEDIA,
    `${OBJECT_MEDIA};nulls=stripped`,
    `${OBJECT_MEDIA.toUpperCase()}`,
    'text/csv',
    '*/*',
    'application/geo+json',
    'application/vnd.pgrst.plan+json',
    'application/openapi+json',
    'text/html',
    '',
    `application/json, ${OBJECT_MEDIA};q=0.1`,
  ),
  fc.string({ maxLength: 20 }),
);
const contentTypeArb = fc.oneof(
  pick(
    'application/json',
    'application/json;charset=UTF-8',
    'application/json; charset=latin1',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/csv',
    'application/octet-stream',
    OBJECT_MEDIA,
    '',
  ),
  fc.string({ maxLength: 20 }),
);
const userAgentArb = fc.oneof(
  pick(
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    'curl/8.5.0',
    'Googlebot/2.1',
    '',
  ),
  headerValue,
);

export const authArb: fc.Arbitrary<AuthSpec> = fc.record({
  kind: fc.oneof(
    { weight: 9, arbitrary: pick<AuthKind>('user') },
    { weight: 4, arbitrary: pick<AuthKind>('anon') },
    { weight: 2, arbitrary: pick<AuthKind>('none') },
    { weight: 1, arbitrary: pick<AuthKind>('service') },
    {
      weight: 3,
      arbitrary: pick<AuthKind>(
        'alg-none',
        'wrong-secret',
        'hs512',
        'expired',
        'tampered',
        'unknown-sub',
        'sub-not-uuid',
        'sub-number',
        'sub-nul',
        'role-postgres',
        'role-object',
        'no-role',
        'garbled',
        'truncated',
        'random',
      ),
    },
  ),
  scheme: fc.oneof(
    { weight: 12, arbitrary: pick('Bearer') },
    { weight: 1, arbitrary: pick('bearer', 'BEARER', 'Basic', 'Token', '', 'Bearer  ') },
  ),
  raw: fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.stringMatching(/^[A-Za-z0-9_-]{2,30}\.[A-Za-z0-9_-]{2,60}\.[A-Za-z0-9_-]{0,43}$/),
  ),
  apikey: fc.oneof(
    { weight: 8, arbitrary: pick<AuthSpec['apikey']>('anon') },
    { weight: 1, arbitrary: pick<AuthSpec['apikey']>('none', 'user', 'garbage') },
  ),
});

export function headersArb(opts: { userAgent?: boolean } = {}): fc.Arbitrary<[string, string][]> {
  return fc
    .record({
      prefer: fc.option(preferArb, { freq: 2 }),
      range: fc.option(rangeArb, { freq: 6 }),
      accept: fc.option(acceptArb, { freq: 3 }),
      contentType: fc.option(contentTypeArb, { freq: 4, nil: undefined }),
      ua: opts.userAgent ? fc.option(userAgentArb, { freq: 4 }) : fc.constant(null),
      origin: fc.option(pick('http://localhost:5173', 'null', 'https://evil.example'), { freq: 8 }),
      extra: fc.array(fc.tuple(headerName, headerValue), { maxLength: 3 }),
    })
    .map(({ prefer, range, accept, contentType, ua, origin, extra }) => {
      const h: [string, string][] = [
        ['X-Supabase-Api-Version', '2024-01-01'],
        ['Content-Type', contentType ?? 'application/json;charset=UTF-8'],
      ];
      if (prefer !== null) h.push(['Prefer', prefer]);
      if (range !== null) h.push(['Range', range], ['Range-Unit', 'items']);
      if (accept !== null) h.push(['Accept', accept]);
      if (ua !== null) h.push(['User-Agent', ua]);
      if (origin !== null) h.push(['Origin', origin]);
      return [...h, ...extra];
    });
}

// ---- bodies -------------------------------------------------------------------------------------------
const deepBody = (keys: string[]) =>
  fc.record({
    k: fc.constant('deep' as const),
    depth: fc.oneof(fc.integer({ min: 1000, max: 10_000 }), fc.integer({ min: 30, max: 999 })),
    shape: pick<'array' | 'object' | 'mixed'>('array', 'object', 'mixed'),
    key: fc.oneof(fc.constantFrom<string | null>(null, ...keys), fc.string({ maxLength: 6 })),
    closed: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  });

const bulkValue = pick<'null' | 'num' | 'str' | 'obj' | 'mixed'>('null', 'num', 'str', 'obj', 'mixed');
const bulkBody = (columns: string[]): fc.Arbitrary<Body> => {
  // Short names keep 65,536 values under the 1 MiB body limit; made-up ones when a table has none.
  const found = columns.filter((c) => c.length <= 7);
  const short = found.length ? found : ['a', 'b', 'c'];
  return fc.oneof(
    // Thousands of rows of any columns.
    fc.record({
      k: fc.constant('bulk' as const),
      rows: fc.integer({ min: 1000, max: 6000 }),
      keys: fc.shuffledSubarray(columns, { minLength: 1, maxLength: Math.min(4, columns.length) }),
      value: bulkValue,
    }),
    // More than 65,535 bind values (PostgreSQL's protocol limit) in less than the 1 MiB body limit.
    fc
      .record({
        keys: fc.shuffledSubarray(short, {
          minLength: Math.min(3, short.length),
          maxLength: Math.min(4, short.length),
        }),
        extra: fc.nat({ max: 6000 }),
        value: pick<'null' | 'num'>('null', 'num'),
      })
      .map(({ keys, extra, value }) => ({
        k: 'bulk' as const,
        rows: Math.ceil(65_536 / keys.length) + extra,
        keys,
        value,
      })),
  );
};

const invalidUtf8 = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((b) => [...b]),
  pick(
    [0xff, 0xfe, 0x00, 0x7b],
    [0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xc3, 0x22, 0x7d], // {"name":"\xc3"}
    [0x7b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x3a, 0x31, 0x7d], // {"<surrogate>":1}
    [0xef, 0xbb, 0xbf, 0x7b, 0x7d], // BOM + {}
    [0x5b, 0xc0, 0xaf, 0x5d],
  ),
);

/** A raw JSON literal (an overflowing number, say) or raw bytes inside a string, at one of the names. */
function fieldBody(names: string[]): fc.Arbitrary<Body> {
  const key = names.length ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 6 })) : fc.string();
  const surrogateBytes = pick(
    [0xed, 0xa0, 0x80], // U+D800 as WTF-8
    [0xed, 0xbf, 0xbf], // U+DFFF
    [0xc0, 0x80], // overlong NUL
    [0xf4, 0x90, 0x80, 0x80], // past U+10FFFF
    [0xff],
    [0xe2, 0x80, 0xae], // U+202E (valid: a bidi override)
    [0x00],
  );
  const literal = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NUMBER_LITERALS) },
    {
      weight: 1,
      arbitrary: pick('"\\ud800"', '"\\udfff\\ud800"', '"\\u0000"', '"a\\u0000b"', '"\\u202e"', '"\\ud83d"'),
    },
    {
      weight: 3,
      arbitrary: surrogateBytes.map((b) => [0x22, 0x61, ...b, 0x62, 0x22]), // "a<bytes>b"
    },
  );
  return fc.record({ k: fc.constant('field' as const), key, literal });
}

/** Strings of about a megabyte in a field: past the 64 KiB and 1 MiB body limits, or just under the larger. */
function bigBody(names: string[]): fc.Arbitrary<Body> {
  const key = names.length ? fc.constantFrom(...names) : fc.constant('name');
  return fc.record({
    k: fc.constant('big' as const),
    key,
    fill: fc.constantFrom('x', '\u00e9', '\u0000', '\ud800', '\u202e'),
    n: fc.oneof(pick(MEGA, MEGA / 2 - 64, 65_536), fc.integer({ min: 1000, max: MEGA })),
  });
}

/** Multipart, form and otherwise malformed bodies (sent with whatever Content-Type the request says). */
export const malformedText: fc.Arbitrary<string> = fc.oneof(
  pick(
    '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nvalue\r\n--x--\r\n',
    '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nvalue',
    '--x\r\nContent-Disposition: form-data; name="file"; filename="../../a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n--x--',
    '--\r\n\r\n--',
    '--x--',
    'name=a&name=b&%ZZ=1&=&&',
    'a=%00&b=%ED%A0%80&c=%E2%80%AE',
    '{"a":1}{"b":2}',
    '{"a":1} trailing',
    '{"a":"\\x41"}',
    '{"a":"\\u00"}',
    '{"a" 1}',
    '[,]',
    '{"a":[1,2,]}',
    '\uFEFF{"a":1}',
    '{"a":1e999}',
    '{"__proto__":null,"constructor":{"prototype":{"x":1}}}',
  ),
  fc
    .tuple(fc.constantFrom(...HOSTILE_STRINGS), pick('name', 'email', 'from', 'to', 'code', 'tz'))
    .map(([h, k]) => `${k}=${h}&${k}=${encodeURIComponent('2026-01-01T00:00:00Z')}`),
);

/** A body for a relation or function with the given columns / arguments. */
export function bodyArb(
  fields: Record<string, ColKind>,
  opts: { bulk?: boolean; deepKeys?: string[] } = {},
): fc.Arbitrary<Body> {
  const names = Object.keys(fields);
  const key = fc.oneof(
    { weight: 6, arbitrary: names.length ? fc.constantFrom(...names) : fc.string({ maxLength: 6 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  const shaped = fc
    .array(key, { maxLength: names.length + 1 })
    .chain((keys) =>
      fc.tuple(
        ...keys.map((k) =>
          fc.tuple(fc.constant(k), own(fields, k) ? jsonFor(own(fields, k)!) : fc.jsonValue({ maxDepth: 2 })),
        ),
      ),
    )
    .map((entries) => Object.fromEntries(entries) as Record<string, unknown>);
  // A row or argument object a real client would send: known names, right types.
  const rowOf = (keys: string[]) =>
    fc
      .tuple(...keys.map((k) => fc.tuple(fc.constant(k), goodJson(k, fields[k]!))))
      .map((entries) => Object.fromEntries(entries) as Record<string, unknown>);
  const plausibleKeys = names.length ? fc.shuffledSubarray(names, { minLength: 1 }) : fc.constant([] as string[]);
  const arms: fc.WeightedArbitrary<Body>[] = [
    { weight: 10, arbitrary: plausibleKeys.chain(rowOf).map((v) => ({ k: 'json', v })) },
    {
      weight: 2,
      arbitrary: plausibleKeys
        .chain((keys) => fc.array(rowOf(keys), { minLength: 1, maxLength: 4 }))
        .map((v) => ({ k: 'json', v })),
    },
    { weight: 6, arbitrary: shaped.map((v) => ({ k: 'json', v })) },
    { weight: 2, arbitrary: fc.array(shaped, { maxLength: 5 }).map((v) => ({ k: 'json', v })) },
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 5 }).map((v) => ({ k: 'json', v })) },
    { weight: 1, arbitrary: fc.json({ maxDepth: 3 }).map((s) => ({ k: 'text', s })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(shaped, fc.double({ min: 0, max: 1, noNaN: true }))
        .map(([v, cut]) => ({ k: 'truncated', v, cut })),
    },
    {
      weight: 1,
      arbitrary: pick(
        '',
        ' ',
        '{',
        '[',
        'null',
        'NaN',
        'undefined',
        '{"a":1,}',
        "{'a':1}",
        '\u0000',
        '1e999',
        '"\\ud800"',
        '{"__proto__":{"x":1}}',
      ).map((s) => ({ k: 'text', s })),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((s) => ({ k: 'text', s })) },
    { weight: 2, arbitrary: invalidUtf8.map((b) => ({ k: 'bytes', b })) },
    { weight: 2, arbitrary: deepBody(opts.deepKeys ?? names) },
    { weight: 1, arbitrary: fc.constant({ k: 'none' }) },
    { weight: 2, arbitrary: fieldBody(names) },
    { weight: 1, arbitrary: malformedText.map((s) => ({ k: 'text', s })) },
    { weight: 1, arbitrary: bigBody(names) },
  ];
  const body = fc.oneof(...arms);
  // Bulk bodies are costly (a second or two each on PGlite): about one POST in a hundred.
  return opts.bulk ? fc.oneof({ weight: 99, arbitrary: body }, { weight: 1, arbitrary: bulkBody(names) }) : body;
}
