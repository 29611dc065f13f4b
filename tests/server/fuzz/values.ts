// Values shared by every surface: %-garbage, huge and hostile strings (NUL, lone surrogates, RTL marks, 1 MB),
// extreme numbers and dates, and per column kind the well-formed, edge-case and garbage values.
import fc from 'fast-check';
import { P } from './model.ts';

export const OBJECT_MEDIA = 'application/vnd.pgrst.object+json';

const PCT_GARBAGE = [
  '%ZZ',
  '%',
  '%0',
  '%00',
  '%E0%A4%A',
  '%C0%AF',
  '%FF%FE',
  '%2F',
  '%25',
  '%u0041',
  '%%',
  '%20',
  '%0D%0A',
  '%F0%9F%98%80',
  '%ED%A0%80',
  '+',
  '%2B',
  '%5C',
  '%3F',
  '%23',
  '%7F',
  '%C3',
  '%80',
];
export const pctGarbage = fc.constantFrom(...PCT_GARBAGE);

/** Strings that have broken servers: NUL, lone surrogates, bidi and invisible marks, line separators, mixed scripts. */
export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83dy',
  '\udc00\ud800',
  '\u202eevil.exe\u202c',
  '\u200f\u200e\u061c',
  '\u2066\u2067\u2068\u2069',
  '\ufeff',
  '\u2028\u2029',
  '\ufffe\uffff',
  '\u0085',
  'A\u0301\u0301\u0301\u0301',
  '\u{10ffff}',
  "'; DROP TABLE qr_codes; --",
  '../../etc/passwd',
  '%s%n%x',
  '${7*7}',
  '<script>alert(1)</script>',
];
/** Characters a megabyte string is made of. */
const MEGA_FILL = ['x', '\u00e9', '\u0000', '\ud800', '\u202e', '"', '\\'];
/** About a megabyte (past every body limit the server has: 64 KiB, 1 MiB). */
export const MEGA = 1 << 20;
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 8 }))
      .map(([h, s]) => `${s}${h}${s}`),
  },
  { weight: 1, arbitrary: fc.constantFrom(...MEGA_FILL).map((ch) => ch.repeat(MEGA / ch.length)) },
);
/** Numbers past every range: as JSON they are written out exactly (see the `field` body for 1e999 and friends). */
export const extremeNumber: fc.Arbitrary<number> = fc.constantFrom(
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  -0,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 63),
  2 ** 64,
  1e20,
  -1,
  0.5,
  2147483648,
);
/** Number literals JSON.stringify cannot produce: overflow to Infinity, beyond double precision, odd forms. */
export const NUMBER_LITERALS = [
  '1e999',
  '-1e999',
  '1e-999',
  '123456789012345678901234567890',
  '-9223372036854775809',
  '0.000000000000000000000000000001',
  '1E400',
  '-0',
  '1.0e+308',
  '00',
  '01',
  '.5',
  '+1',
  'NaN',
  'Infinity',
  '0x10',
];
/** Dates and instants at and past the edges of JavaScript's and PostgreSQL's ranges. */
export const EXTREME_DATES = [
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '0001-01-01',
  '9999-01-01',
  '9999-12-31',
  '9999-12-31T23:59:59.999Z',
  '10000-01-01',
  '+275760-09-13',
  '+275760-09-13T00:00:00.000Z',
  '+275760-09-13T00:00:00.001Z',
  '-271821-04-20T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '294277-01-01',
  '5874898-01-01',
  '4714-11-23 BC',
  '2024-01-01T00:00:00+99:99',
  '2024-01-01T00:00:00-15:59',
  '2024-01-01T24:00:00Z',
  '2024-02-29T23:59:60Z',
  '1970-01-01T00:00:00.0000000001Z',
];
export const extremeDate = fc.constantFrom(...EXTREME_DATES);

/** One character repeated: mostly a few thousand times, sometimes up to 20,000 (past the 16 KiB header limit). */
export const hugeString = fc
  .record({
    ch: fc.constantFrom('x', '9', '%', '(', ',', '"', '.', 'é', '\u0000'),
    n: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 300, max: 4000 }) },
      { weight: 1, arbitrary: fc.integer({ min: 4000, max: 20_000 }) },
    ),
  })
  .map(({ ch, n }) => ch.repeat(n));

/** Printable, full-unicode, arbitrary-code-point and %-garbage strings. */
export const garbage = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  {
    weight: 3,
    arbitrary: fc.array(fc.oneof(pctGarbage, fc.string({ maxLength: 4 })), { maxLength: 6 }).map((a) => a.join('')),
  },
  { weight: 1, arbitrary: hugeString },
  { weight: 2, arbitrary: hostileString },
);

/** Query-string garbage (fetch percent-encodes what the URL parser must; %-sequences pass through as-is). */
export const queryGarbage = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 16 }) },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.oneof(pctGarbage, fc.string({ maxLength: 3 })), { minLength: 1, maxLength: 5 })
      .map((a) => a.join('')),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: hugeString },
);

export const pick = <T>(...values: T[]) => fc.constantFrom(...values);
/** obj[key] for own keys only (generated names such as "constructor" must not reach the prototype). */
export const own = <T>(obj: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(obj, key) ? obj[key] : undefined;

export type ColKind = 'uuid' | 'int' | 'text' | 'ts' | 'date' | 'bool' | 'jsonb' | 'char2';

const GOOD_TEXT: Record<string, fc.Arbitrary<string>> = {
  name: fc.oneof(pick('Menu', 'Business card', 'Dynamic'), fc.string({ minLength: 1, maxLength: 30 })),
  type: pick('URL', 'Text', 'vCard', 'WiFi', 'Email', 'Menu'),
  content: fc.oneof(pick('https://example.com/x', 'hello', ''), fc.string({ maxLength: 40 })),
  destination: pick('https://example.com/x', 'https://example.com/y?a=1', 'http://example.org/'),
  slug: fc.oneof(pick(P.slugDyn, P.slugStatic), fc.stringMatching(/^[A-Za-z0-9_-]{4,12}$/)),
  p_slug: fc.oneof(pick(P.slugDyn, P.slugStatic), fc.stringMatching(/^[A-Za-z0-9_-]{4,12}$/)),
  status: pick('active', 'paused'),
  device_type: pick('mobile', 'tablet', 'desktop', 'other'),
  p_device_type: pick('mobile', 'tablet', 'desktop', 'other'),
  os: pick('iOS', 'Android', 'Windows', 'macOS'),
  p_os: pick('iOS', 'Android', 'Windows', 'macOS'),
  browser: pick('Chrome', 'Safari', 'Firefox', 'Edge'),
  p_browser: pick('Chrome', 'Safari', 'Firefox', 'Edge'),
};
const GOOD_BY_KIND: Record<ColKind, fc.Arbitrary<string>> = {
  uuid: pick(P.id0, P.id1, P.userId, '00000000-0000-0000-0000-000000000000'),
  int: fc.integer({ min: 0, max: 100 }).map(String),
  text: fc.oneof(pick('URL', 'active', 'Menu'), fc.string({ minLength: 1, maxLength: 12 })),
  ts: fc.oneof(
    pick('2024-01-01T00:00:00Z', 'now'),
    fc
      .date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') })
      .map((d) => d.toISOString()),
  ),
  date: fc
    .date({ noInvalidDate: true, min: new Date('2023-01-01'), max: new Date('2027-01-01') })
    .map((d) => d.toISOString().slice(0, 10)),
  bool: pick('true', 'false'),
  jsonb: pick('{}', '{"fg":"#000"}'),
  char2: pick('US', 'GB', 'DE'),
};
export const goodText = (name: string, kind: ColKind) => own(GOOD_TEXT, name) ?? GOOD_BY_KIND[kind];

/** A query-string value for a column of the given kind: plausible, edge-case or garbage. */
export function valueText(kind: ColKind): fc.Arbitrary<string> {
  const byKind: Record<ColKind, fc.Arbitrary<string>> = {
    uuid: fc.oneof(pick(P.id0, P.id1, P.userId, '00000000-0000-0000-0000-000000000000', 'not-a-uuid', ''), fc.uuid()),
    int: fc.oneof(
      fc.integer().map(String),
      pick('99999999999999999999', '-9223372036854775809', '1e10', '1.5', 'NaN', '-0', '0x10', '', ' 1'),
      fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
      fc.constantFrom(...NUMBER_LITERALS),
    ),
    text: fc.oneof(
      pick(P.slugDyn, P.slugStatic, 'https://example.com/x', 'URL', 'active', 'paused', 'mobile', 'Chrome'),
      garbage,
    ),
    ts: fc.oneof(
      pick(
        '2024-01-01',
        '2024-01-01T00:00:00Z',
        'now',
        'today',
        'infinity',
        '-infinity',
        'epoch',
        'allballs',
        '294277-01-01',
        '4714-11-24 BC',
        '2024-02-30',
        '2024-13-01',
        '1e999',
        'garbage',
      ),
      extremeDate,
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    ),
    date: fc.oneof(
      pick(
        '2024-01-01',
        '2025-12-31',
        'today',
        'infinity',
        '-infinity',
        'epoch',
        '5874897-12-31',
        '4714-11-24 BC',
        '2024-02-30',
        '',
      ),
      extremeDate,
      fc
        .date({ noInvalidDate: true, min: new Date('1990-01-01'), max: new Date('2040-01-01') })
        .map((d) => d.toISOString().slice(0, 10)),
    ),
    bool: pick('true', 'false', 't', 'f', 'yes', 'no', '1', '0', 'maybe', 'null', ''),
    jsonb: pick('{}', '{"a":1}', '[1,2]', '{', '"x"', 'null', '{"a":{"b":[true,null]}}', '\\u0000'),
    char2: pick('US', 'us', 'U', 'USA', '', 'ZZ', '\u00e9\u00e9'),
  };
  return fc.oneof({ weight: 4, arbitrary: byKind[kind] }, { weight: 1, arbitrary: queryGarbage });
}

/** A JSON value of the right type and shape for a column or argument. */
export function goodJson(name: string, kind: ColKind): fc.Arbitrary<unknown> {
  if (kind === 'bool') return fc.boolean();
  if (kind === 'int') return fc.integer({ min: 1, max: 50 });
  if (kind === 'jsonb')
    return fc.oneof(
      fc.constant({}),
      fc.record({ fg: pick('#000', '#123456'), dots: pick('square', 'rounded') }),
      fc.jsonValue({ maxDepth: 3 }),
    );
  return goodText(name, kind);
}

/** A JSON value for a column or argument of the given kind: right type, wrong type or garbage. */
export function jsonFor(kind: ColKind): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    fc.string({ unit: 'binary', maxLength: 10 }),
    hugeString,
    hostileString,
    extremeNumber,
  );
  const right: fc.Arbitrary<unknown> =
    kind === 'bool'
      ? fc.boolean()
      : kind === 'int'
        ? fc.oneof(fc.integer({ min: -5, max: 500 }), fc.double(), extremeNumber)
        : kind === 'jsonb'
          ? fc.jsonValue({ maxDepth: 4 })
          : valueText(kind);
  return fc.oneof({ weight: 3, arbitrary: right }, { weight: 1, arbitrary: wrong });
}
