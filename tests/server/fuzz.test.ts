// Seeded fuzz of the whole HTTP surface: random and malformed paths, headers, JSON bodies and query strings
// against /auth/v1, /rest/v1 (tables and rpc) and /r/:slug — a small fixed corpus, then 2,500 fast-check
// requests per backend in `npm test` (20,000 in `npm run bench:fuzz`), over real HTTP with 12 in flight — then a
// few hundred raw malformed HTTP/1.1 requests over sockets. Nothing may answer 5xx, and afterwards the server must still answer /auth/v1/health
// and a password sign-in.
//
// Replay: FUZZ_SEED=<seed> FUZZ_RUNS=<n> npx vitest run --project server tests/server/fuzz.test.ts
//   FUZZ_ONLY=<i,j,…>   send only these request indexes (#i in the report; the corpus is #0…#9)
//   FUZZ_RAW_RUNS=<n>   raw socket requests (default 300); FUZZ_CONCURRENCY=<n> (default 12)
//   FUZZ_SHOW_SLOWEST=<n> slowest requests listed in the summary (default 5)
// The requests depend only on the seed and FUZZ_RUNS: live values (the user's ids, slugs and tokens) are
// placeholders filled in at send time, so a seed replays the same sequence on every backend. A single index
// replayed with FUZZ_ONLY meets a fresh database, not the state the earlier requests left behind.
import { connect } from 'node:net';
import fc from 'fast-check';
import { SignJWT, decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET } from '../../server/lib/config.ts';
import { PASSWORD, backends, makeClient, signedUpClient, suiteServer } from './helpers.ts';
import { debugLog } from '../helpers/debug.ts';

function envInt(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

const SEED = envInt('FUZZ_SEED', 20261122);
const RUNS = envInt('FUZZ_RUNS', 2_500);
const RAW_RUNS = envInt('FUZZ_RAW_RUNS', 300);
/** Only these request indexes (comma-separated) are sent: replays single findings of a run. */
const ONLY = (process.env.FUZZ_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
  .map((s) => {
    if (!/^\d+$/.test(s)) throw new Error(`FUZZ_ONLY must list request indexes, got "${s}"`);
    return Number(s);
  });
const CONCURRENCY = envInt('FUZZ_CONCURRENCY', 12) || 12;
const RAW_CONCURRENCY = 16;
const SHOW_SLOWEST = envInt('FUZZ_SHOW_SLOWEST', 5);
const REQUEST_TIMEOUT_MS = 20_000;
const RAW_TIMEOUT_MS = 5_000;
/** Silence after which a raw client half-closes its side. */
const RAW_QUIET_MS = 750;
const REPLAY = `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run --project server tests/server/fuzz.test.ts`;

// ---- the request model ------------------------------------------------------------------------------
// Live values are written as placeholders and substituted when a request is sent.
const P = {
  email: '$EMAIL$',
  emailUpper: '$EMAIL_UPPER$',
  password: '$PASSWORD$',
  refresh: '$REFRESH$',
  userId: '$USER_ID$',
  id0: '$ID0$',
  id1: '$ID1$',
  slugDyn: '$SLUG_DYN$',
  slugStatic: '$SLUG_STATIC$',
} as const;

type AuthKind =
  | 'none'
  | 'anon'
  | 'user'
  | 'service'
  | 'alg-none'
  | 'wrong-secret'
  | 'hs512'
  | 'expired'
  | 'tampered'
  | 'unknown-sub'
  | 'sub-not-uuid'
  | 'sub-number'
  | 'sub-nul'
  | 'role-postgres'
  | 'role-object'
  | 'no-role'
  | 'garbled'
  | 'truncated'
  | 'random';

interface AuthSpec {
  kind: AuthKind;
  scheme: string;
  /** The token for kind 'random'. */
  raw: string;
  apikey: 'anon' | 'none' | 'user' | 'garbage';
}

type Body =
  | { k: 'none' }
  | { k: 'json'; v: unknown }
  | { k: 'text'; s: string }
  | { k: 'bytes'; b: number[] }
  | { k: 'truncated'; v: unknown; cut: number }
  /** `depth` nested arrays/objects, optionally never closed, placed at `key` of an object (or bare). */
  | { k: 'deep'; depth: number; shape: 'array' | 'object' | 'mixed'; key: string | null; closed: boolean }
  /** An array of `rows` objects with the same keys: thousands of rows, tens of thousands of bind values. */
  | { k: 'bulk'; rows: number; keys: string[]; value: 'null' | 'num' | 'str' | 'obj' | 'mixed' };

interface FuzzRequest {
  /** Route family and template, for the per-route counts. */
  route: string;
  method: string;
  /** Path and query, with placeholders. */
  path: string;
  auth: AuthSpec;
  headers: [string, string][];
  body: Body;
}

// ---- building blocks --------------------------------------------------------------------------------
const OBJECT_MEDIA = 'application/vnd.pgrst.object+json';

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
const pctGarbage = fc.constantFrom(...PCT_GARBAGE);

/** One character repeated: mostly a few thousand times, sometimes up to 20,000 (past the 16 KiB header limit). */
const hugeString = fc
  .record({
    ch: fc.constantFrom('x', '9', '%', '(', ',', '"', '.', 'é', '\u0000'),
    n: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 300, max: 4000 }) },
      { weight: 1, arbitrary: fc.integer({ min: 4000, max: 20_000 }) },
    ),
  })
  .map(({ ch, n }) => ch.repeat(n));

/** Printable, full-unicode, arbitrary-code-point and %-garbage strings. */
const garbage = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  {
    weight: 3,
    arbitrary: fc.array(fc.oneof(pctGarbage, fc.string({ maxLength: 4 })), { maxLength: 6 }).map((a) => a.join('')),
  },
  { weight: 1, arbitrary: hugeString },
);

/** Query-string garbage (fetch percent-encodes what the URL parser must; %-sequences pass through as-is). */
const queryGarbage = fc.oneof(
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

const pick = <T>(...values: T[]) => fc.constantFrom(...values);
/** obj[key] for own keys only (generated names such as "constructor" must not reach the prototype). */
const own = <T>(obj: Record<string, T>, key: string): T | undefined => (Object.hasOwn(obj, key) ? obj[key] : undefined);

type ColKind = 'uuid' | 'int' | 'text' | 'ts' | 'date' | 'bool' | 'jsonb' | 'char2';
const TABLES: Record<string, Record<string, ColKind>> = {
  qr_codes: {
    id: 'uuid',
    user_id: 'uuid',
    name: 'text',
    type: 'text',
    content: 'text',
    destination: 'text',
    design: 'jsonb',
    is_dynamic: 'bool',
    slug: 'text',
    status: 'text',
    created_at: 'ts',
    updated_at: 'ts',
  },
  scan_events: {
    id: 'int',
    qr_code_id: 'uuid',
    scanned_at: 'ts',
    country: 'char2',
    device_type: 'text',
    os: 'text',
    browser: 'text',
  },
};
const RPC: Record<string, Record<string, ColKind>> = {
  dashboard_summary: {},
  scans_per_day: { p_from: 'date', p_to: 'date', p_code_id: 'uuid' },
  scans_by_country: { p_from: 'ts', p_to: 'ts', p_code_id: 'uuid' },
  scans_by_device: { p_from: 'ts', p_to: 'ts', p_code_id: 'uuid' },
  scans_by_os: { p_from: 'ts', p_to: 'ts', p_code_id: 'uuid' },
  scans_by_browser: { p_from: 'ts', p_to: 'ts', p_code_id: 'uuid' },
  top_codes: { p_limit: 'int', p_from: 'ts', p_to: 'ts' },
  load_sample_data: {},
  record_scan: { p_slug: 'text', p_device_type: 'text', p_os: 'text', p_browser: 'text', p_country: 'char2' },
  generate_slug: {},
};
/** Output columns of the table-returning functions (for select / order / filters). */
const RPC_COLUMNS: Record<string, Record<string, ColKind>> = {
  scans_per_day: { day: 'date', scans: 'int' },
  scans_by_country: { country: 'text', scans: 'int' },
  scans_by_device: { device_type: 'text', scans: 'int' },
  scans_by_os: { os: 'text', scans: 'int' },
  scans_by_browser: { browser: 'text', scans: 'int' },
  top_codes: { id: 'uuid', name: 'text', type: 'text', is_dynamic: 'bool', status: 'text', scans: 'int' },
  load_sample_data: TABLES.qr_codes!,
};

/** Well-formed values a real client sends, per column or argument name (others by kind). */
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
const goodText = (name: string, kind: ColKind) => own(GOOD_TEXT, name) ?? GOOD_BY_KIND[kind];

/** A query-string value for a column of the given kind: plausible, edge-case or garbage. */
function valueText(kind: ColKind): fc.Arbitrary<string> {
  const byKind: Record<ColKind, fc.Arbitrary<string>> = {
    uuid: fc.oneof(pick(P.id0, P.id1, P.userId, '00000000-0000-0000-0000-000000000000', 'not-a-uuid', ''), fc.uuid()),
    int: fc.oneof(
      fc.integer().map(String),
      pick('99999999999999999999', '-9223372036854775809', '1e10', '1.5', 'NaN', '-0', '0x10', '', ' 1'),
      fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
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
function goodJson(name: string, kind: ColKind): fc.Arbitrary<unknown> {
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
function jsonFor(kind: ColKind): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    fc.string({ unit: 'binary', maxLength: 10 }),
    hugeString,
  );
  const right: fc.Arbitrary<unknown> =
    kind === 'bool'
      ? fc.boolean()
      : kind === 'int'
        ? fc.oneof(fc.integer({ min: -5, max: 500 }), fc.double(), fc.constant(2 ** 53), fc.constant(1e308))
        : kind === 'jsonb'
          ? fc.jsonValue({ maxDepth: 4 })
          : valueText(kind);
  return fc.oneof({ weight: 3, arbitrary: right }, { weight: 1, arbitrary: wrong });
}

// ---- query strings ----------------------------------------------------------------------------------
const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'isdistinct',
  'like(any)',
  'eq(all)',
  'EQ',
  'eqq',
  '',
  'not',
  'in(',
];

function listText(kind: ColKind): fc.Arbitrary<string> {
  const items = fc.array(
    fc.oneof(
      valueText(kind),
      valueText(kind).map((v) => `"${v.replaceAll('"', '\\"')}"`),
    ),
    { maxLength: 6 },
  );
  return fc.oneof(
    { weight: 4, arbitrary: items.map((a) => `(${a.join(',')})`) },
    { weight: 1, arbitrary: items.map((a) => a.join(',')) },
    {
      weight: 1,
      arbitrary: pick('(', ')', '()', '("a,b")', '("unterminated)', '(a,(b,c))', '(\\)', '(,,,)', '("\\"")'),
    },
  );
}

/** One `column=[not.]op.value` filter for a relation's columns (or a random one). */
function filterParam(columns: Record<string, ColKind>): fc.Arbitrary<string> {
  const names = Object.keys(columns);
  const known = fc
    .record({
      col: fc.constantFrom(...names),
      not: fc.constantFrom('', '', '', 'not.', 'not.not.'),
      op: fc.constantFrom(...OPERATORS),
    })
    .chain(({ col, not, op }) => {
      const kind = columns[col]!;
      const value =
        op === 'in'
          ? listText(kind)
          : op === 'is'
            ? fc.oneof(pick('null', 'not_null', 'true', 'false', 'unknown', 'NULL', 'nul'), queryGarbage)
            : op === 'like' || op === 'ilike'
              ? fc.oneof(pick('*', '%', '*a*', '\\', '%%%', '_'), valueText(kind))
              : op === 'match' || op === 'imatch'
                ? fc.oneof(pick('(', '[', '^a', '(a|b)*c', '\\', '(?<x>a)', '{1,99999}'), valueText(kind))
                : valueText(kind);
      return value.map((v) => `${col}=${not}${op}${op === '' ? '' : '.'}${v}`);
    });
  const anyCol = fc.oneof(
    fc.constantFrom(...names),
    pick(
      'or',
      'and',
      'not',
      'not.or',
      'nope',
      'design->a',
      'design->>a',
      'qr_codes.id',
      'name[]',
      '',
      'select',
      'Name',
      'ID',
    ),
    queryGarbage,
  );
  const weird = fc
    .tuple(anyCol, fc.oneof(pick('eq.1', 'is.null', 'in.(1,2)', 'eq', '.', '', 'not.', 'eq.'), queryGarbage))
    .map(([k, v]) => `${k}=${v}`);
  const logic = fc
    .tuple(
      pick('or', 'and', 'not.or', 'not.and', 'or.'),
      fc.array(
        fc.tuple(fc.constantFrom(...names), fc.constantFrom(...OPERATORS.slice(0, 12)), fc.string({ maxLength: 6 })),
        { maxLength: 4 },
      ),
      pick('', ')', '(', 'x'),
    )
    .map(([k, conds, tail]) => `${k}=(${conds.map(([c, o, v]) => `${c}.${o}.${v}`).join(',')}${tail})`);
  return fc.oneof({ weight: 6, arbitrary: known }, { weight: 2, arbitrary: weird }, { weight: 1, arbitrary: logic });
}

function selectParam(columns: Record<string, ColKind>): fc.Arbitrary<string> {
  const names = Object.keys(columns);
  const item = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('*', ...names) },
    { weight: 1, arbitrary: fc.constantFrom(...names).map((n) => `alias_${n}:${n}`) },
    {
      weight: 1,
      arbitrary: pick(
        'count()',
        'qr_codes(*)',
        'scan_events(count)',
        'name::text',
        'design->a',
        'id.count()',
        '"name"',
        ' ',
        '',
        'nope',
        '1',
      ),
    },
    { weight: 1, arbitrary: queryGarbage },
  );
  return fc.array(item, { maxLength: 5 }).map((a) => `select=${a.join(',')}`);
}

function orderParam(columns: Record<string, ColKind>): fc.Arbitrary<string> {
  const names = Object.keys(columns);
  const term = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...names),
          fc.array(pick('asc', 'desc', 'nullsfirst', 'nullslast', 'sideways', ''), { maxLength: 3 }),
        )
        .map(([n, m]) => [n, ...m].join('.')),
    },
    { weight: 1, arbitrary: queryGarbage },
  );
  return fc.array(term, { maxLength: 3 }).map((a) => `order=${a.join(',')}`);
}

const numberText = fc.oneof(
  fc.nat({ max: 50 }).map(String),
  pick('0', '999999999', '1000000000', '99999999999999999999', '-1', '1.5', 'abc', '', '1e3', ' 2', '0x10'),
  queryGarbage,
);

/** What a real client (supabase-js) sends: known columns, supported operators, well-formed values. */
function plausibleQuery(columns: Record<string, ColKind>, extra: fc.Arbitrary<string>[]): fc.Arbitrary<string> {
  const names = Object.keys(columns);
  const col = fc.constantFrom(...names);
  const filter = fc
    .tuple(
      col,
      pick('', '', '', 'not.'),
      pick('eq', 'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'is', 'like', 'ilike'),
    )
    .chain(([c, not, op]) => {
      const good = goodText(c, columns[c]!);
      const value =
        op === 'in'
          ? fc
              .array(good, { minLength: 1, maxLength: 3 })
              .map((a) => `(${a.map((v) => encodeURIComponent(v)).join(',')})`)
          : op === 'is'
            ? pick('null', 'not_null', 'true', 'false')
            : op === 'like' || op === 'ilike'
              ? good.map((v) => `*${encodeURIComponent(v)}*`)
              : good.map((v) => encodeURIComponent(v));
      return value.map((v) => `${c}=${not}${op}.${v}`);
    });
  const param = fc.oneof(
    { weight: 4, arbitrary: filter },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          pick('*'),
          fc.uniqueArray(col, { minLength: 1, maxLength: 4 }).map((a) => a.join(',')),
        )
        .map((v) => `select=${v}`),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(col, pick('', '.asc', '.desc', '.desc.nullslast', '.asc.nullsfirst'))
        .map(([c, m]) => `order=${c}${m}`),
    },
    { weight: 1, arbitrary: fc.nat({ max: 50 }).map((n) => `limit=${n}`) },
    { weight: 1, arbitrary: fc.nat({ max: 20 }).map((n) => `offset=${n}`) },
    ...extra.map((arbitrary) => ({ weight: 4, arbitrary })),
  );
  return fc.array(param, { maxLength: 4 }).map((parts) => (parts.length ? `?${parts.join('&')}` : ''));
}

/** A PostgREST-style query string for a relation (or a function's output columns): plausible or chaotic. */
function queryString(
  relation: Record<string, ColKind>,
  extra: fc.Arbitrary<string>[] = [],
  goodExtra: fc.Arbitrary<string>[] = extra,
): fc.Arbitrary<string> {
  // Routes without columns still get column-looking filters.
  const columns: Record<string, ColKind> = Object.keys(relation).length
    ? relation
    : { id: 'int', name: 'text', email: 'text' };
  return fc.oneof(
    { weight: 3, arbitrary: plausibleQuery(columns, goodExtra) },
    { weight: 2, arbitrary: chaoticQuery(columns, extra) },
  );
}

/** Every kind of malformed parameter, mixed with well-formed ones. */
function chaoticQuery(columns: Record<string, ColKind>, extra: fc.Arbitrary<string>[]): fc.Arbitrary<string> {
  const param = fc.oneof(
    { weight: 5, arbitrary: filterParam(columns) },
    { weight: 2, arbitrary: selectParam(columns) },
    { weight: 2, arbitrary: orderParam(columns) },
    { weight: 1, arbitrary: numberText.map((v) => `limit=${v}`) },
    { weight: 1, arbitrary: numberText.map((v) => `offset=${v}`) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.oneof(fc.constantFrom(...Object.keys(columns)), pick('"name"', 'nope', '', ' ')), { maxLength: 4 })
        .map((a) => `columns=${a.join(',')}`),
    },
    { weight: 1, arbitrary: pick('on_conflict=id', 'on_conflict=', 'on_conflict=nope') },
    { weight: 1, arbitrary: fc.tuple(queryGarbage, queryGarbage).map(([k, v]) => `${k}=${v}`) },
    { weight: 1, arbitrary: queryGarbage },
    ...extra.map((arbitrary) => ({ weight: 3, arbitrary })),
  );
  return fc
    .tuple(fc.array(param, { maxLength: 6 }), pick('&', '&', '&', '&&', ';'), pick('?', '?', '?', '??', '?&'))
    .map(([parts, sep, lead]) => (parts.length ? `${lead}${parts.join(sep)}` : ''));
}

// ---- headers ------------------------------------------------------------------------------------------
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

const authArb: fc.Arbitrary<AuthSpec> = fc.record({
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

function headersArb(opts: { userAgent?: boolean } = {}): fc.Arbitrary<[string, string][]> {
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
  const short = columns.filter((c) => c.length <= 7);
  return fc.oneof(
    // Thousands of rows of any columns.
    fc.record({
      k: fc.constant('bulk' as const),
      rows: fc.integer({ min: 1000, max: 6000 }),
      keys: fc.shuffledSubarray(columns, { minLength: 1, maxLength: 4 }),
      value: bulkValue,
    }),
    // More than 65,535 bind values (PostgreSQL's protocol limit) in less than the 1 MiB body limit.
    fc
      .record({
        keys: fc.shuffledSubarray(short, { minLength: Math.min(3, short.length), maxLength: 4 }),
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

/** A body for a relation or function with the given columns / arguments. */
function bodyArb(
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
  ];
  const body = fc.oneof(...arms);
  // Bulk bodies are costly (a second or two each on PGlite): about one POST in a hundred.
  return opts.bulk ? fc.oneof({ weight: 99, arbitrary: body }, { weight: 1, arbitrary: bulkBody(names) }) : body;
}

// ---- route families -------------------------------------------------------------------------------------
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'FOO'];
const anyMethod = fc.constantFrom(...METHODS);

const AUTH_ENDPOINTS: { path: string; methods: string[] }[] = [
  { path: 'signup', methods: ['POST'] },
  { path: 'token', methods: ['POST'] },
  { path: 'user', methods: ['GET', 'PUT'] },
  { path: 'logout', methods: ['POST'] },
  { path: 'settings', methods: ['GET'] },
  { path: 'health', methods: ['GET'] },
  { path: '.well-known/jwks.json', methods: ['GET'] },
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
};

const authRequest: fc.Arbitrary<FuzzRequest> = fc
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
              'verify',
              'recover',
              'otp',
              'magiclink',
              'admin/users',
              'factors',
              'authorize',
              'callback',
              'invite',
              'resend',
              'reauthenticate',
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

const tableRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    table: fc.oneof(
      { weight: 10, arbitrary: fc.constantFrom(...Object.keys(TABLES)) },
      {
        weight: 1,
        arbitrary: pick(
          'users',
          'auth.users',
          'pg_user',
          'public.qr_codes',
          'QR_CODES',
          'qr_codes/extra',
          'qr_codes/',
          '',
          'qr%5Fcodes',
          'qr_codes%00',
        ),
      },
      { weight: 1, arbitrary: queryGarbage },
    ),
    method: fc.oneof(
      { weight: 12, arbitrary: pick('GET', 'HEAD', 'POST', 'PATCH', 'DELETE') },
      { weight: 1, arbitrary: anyMethod },
    ),
    auth: authArb,
    headers: headersArb(),
  })
  .chain(({ table, method, auth, headers }) => {
    const columns = own(TABLES, table) ?? TABLES.qr_codes!;
    return fc
      .record({
        query: queryString(columns),
        body:
          method === 'GET' || method === 'HEAD'
            ? fc.constant<Body>({ k: 'none' })
            : bodyArb(columns, { bulk: method === 'POST' }),
      })
      .map(({ query, body }) => ({
        route: `${method} /rest/v1/${own(TABLES, table) ? table : '<other>'}`,
        method,
        path: `/rest/v1/${table}${query}`,
        auth,
        headers,
        body,
      }));
  });

const rpcRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    fn: fc.oneof(
      { weight: 10, arbitrary: fc.constantFrom(...Object.keys(RPC)) },
      {
        weight: 1,
        arbitrary: pick(
          'pg_sleep',
          'version',
          'current_setting',
          'enforce_dynamic_code_limit',
          'qr_codes_touch_updated_at',
          'uid',
          'auth.uid',
          'top_codes/',
          '',
        ),
      },
      { weight: 1, arbitrary: queryGarbage },
    ),
    method: fc.oneof(
      { weight: 12, arbitrary: pick('POST', 'POST', 'GET', 'HEAD') },
      { weight: 1, arbitrary: anyMethod },
    ),
    auth: authArb,
    headers: headersArb(),
  })
  .chain(({ fn, method, auth, headers }) => {
    const args = own(RPC, fn) ?? { p_slug: 'text', p_limit: 'int' };
    const out = own(RPC_COLUMNS, fn) ?? {};
    const argParams = Object.entries(args).map(([name, kind]) => valueText(kind).map((v) => `${name}=${v}`));
    const goodArgs = Object.entries(args).map(([name, kind]) =>
      goodText(name, kind).map((v) => `${name}=${encodeURIComponent(v)}`),
    );
    return fc
      .record({
        query: queryString(out, argParams, goodArgs),
        body: method === 'GET' || method === 'HEAD' ? fc.constant<Body>({ k: 'none' }) : bodyArb(args),
      })
      .map(({ query, body }) => ({
        route: `${method} /rest/v1/rpc/${own(RPC, fn) ? fn : '<other>'}`,
        method,
        path: `/rest/v1/rpc/${fn}${query}`,
        auth,
        headers,
        body,
      }));
  });

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

const redirectRequest: fc.Arbitrary<FuzzRequest> = fc
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

const randomRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    path: fc.oneof(
      fc.webPath(),
      fc
        .array(fc.oneof(fc.webSegment(), pctGarbage, pick('..', '.', '', 'rest', 'v1', 'rpc', 'auth', 'r')), {
          maxLength: 6,
        })
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

const requestArb: fc.Arbitrary<FuzzRequest> = fc.oneof(
  { weight: 9, arbitrary: authRequest },
  { weight: 45, arbitrary: tableRequest },
  { weight: 24, arbitrary: rpcRequest },
  { weight: 14, arbitrary: redirectRequest },
  { weight: 8, arbitrary: randomRequest },
);

// ---- materialising and sending ----------------------------------------------------------------------
interface Live {
  url: string;
  port: number;
  values: Record<string, string>;
  tokens: Record<Exclude<AuthKind, 'none' | 'random'>, string>;
}

const fill = (s: string, live: Live) => s.replace(/\$[A-Z_0-9]+\$/g, (m) => own(live.values, m) ?? m);

function deepText(b: Extract<Body, { k: 'deep' }>): string {
  const opens: string[] = [];
  for (let i = 0; i < b.depth; i++) {
    const obj = b.shape === 'object' || (b.shape === 'mixed' && i % 2 === 1);
    opens.push(obj ? '{"a":' : '[');
  }
  const closes = b.closed
    ? opens
        .map((o) => (o === '[' ? ']' : '}'))
        .reverse()
        .join('')
    : '';
  const inner = `${opens.join('')}1${closes}`;
  return b.key === null ? inner : `{${JSON.stringify(b.key)}:${inner}}`;
}

function bulkText(b: Extract<Body, { k: 'bulk' }>): string {
  const values = {
    null: ['null'],
    num: ['1'],
    str: ['"x"'],
    obj: ['{}'],
    mixed: ['null', '1', '"x"', '{}', '[]', 'true'],
  }[b.value];
  const rows: string[] = [];
  for (let i = 0; i < b.rows; i++) {
    rows.push(`{${b.keys.map((k, j) => `${JSON.stringify(k)}:${values[(i + j) % values.length]!}`).join(',')}}`);
  }
  return `[${rows.join(',')}]`;
}

function bodyBytes(b: Body, live: Live): string | Uint8Array | undefined {
  switch (b.k) {
    case 'none':
      return undefined;
    case 'json':
      return fill(JSON.stringify(b.v) ?? 'null', live);
    case 'text':
      return b.s;
    case 'bytes':
      return new Uint8Array(b.b);
    case 'truncated': {
      const text = fill(JSON.stringify(b.v) ?? 'null', live);
      return text.slice(0, Math.floor(text.length * b.cut));
    }
    case 'deep':
      return deepText(b);
    case 'bulk':
      return bulkText(b);
  }
}

function bodySummary(b: Body, live: Live): string {
  if (b.k === 'deep')
    return `<${b.depth}-deep ${b.shape}${b.closed ? '' : ', unclosed'}${b.key === null ? '' : ` at ${JSON.stringify(b.key)}`}>`;
  if (b.k === 'bulk')
    return `<${b.rows} rows × ${JSON.stringify(b.keys)} (${b.value}) = ${b.rows * b.keys.length} values>`;
  if (b.k === 'bytes') return `<bytes ${Buffer.from(b.b).toString('hex').slice(0, 80)}>`;
  const bytes = bodyBytes(b, live);
  return bytes === undefined ? '<none>' : JSON.stringify(String(bytes).slice(0, 200));
}

function authorization(a: AuthSpec, live: Live): string | null {
  if (a.kind === 'none') return null;
  const token = a.kind === 'random' ? a.raw : live.tokens[a.kind];
  return a.scheme === '' ? token : `${a.scheme} ${token}`;
}

interface Outcome {
  status: number;
  text: string;
  /** Set when fetch refused the request before sending it (an invalid header, say). */
  clientError?: string;
}

interface Sent {
  url: URL;
  headers: Headers;
  skippedHeaders: number;
}

function prepare(req: FuzzRequest, live: Live): Sent {
  const url = new URL(`${live.url}${fill(req.path, live)}`);
  const headers = new Headers();
  let skippedHeaders = 0;
  const set = (name: string, value: string) => {
    try {
      headers.append(name, fill(value, live));
    } catch {
      skippedHeaders += 1;
    }
  };
  const auth = authorization(req.auth, live);
  if (auth !== null) set('Authorization', auth);
  const apikey = { anon: DEMO_ANON_KEY, user: live.tokens.user, garbage: 'not-a-key', none: null }[req.auth.apikey];
  if (apikey !== null) set('apikey', apikey);
  for (const [name, value] of req.headers) set(name, value);
  return { url, headers, skippedHeaders };
}

async function send(req: FuzzRequest, sent: Sent, live: Live): Promise<Outcome> {
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : bodyBytes(req.body, live);
  let res: Response;
  try {
    res = await fetch(sent.url, {
      method: req.method,
      headers: sent.headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    // fetch validates method and headers before connecting: those are the client's refusals, not the server's.
    if (e.name === 'TypeError' && (!e.cause || e.cause.code === 'UND_ERR_INVALID_ARG')) {
      return { status: -1, text: '', clientError: `${e.message} ${e.cause?.message ?? ''}` };
    }
    return {
      status: 0,
      text: `network error: ${e.name}: ${e.message} (${e.cause?.code ?? e.cause?.message ?? 'no cause'})`,
    };
  }
  const text = await res.text().catch((err: unknown) => `<body read failed: ${String(err)}>`);
  return { status: res.status, text };
}

interface Finding {
  index: number;
  route: string;
  method: string;
  path: string;
  headers: string;
  body: string;
  status: number;
  response: string;
}

function headerSummary(req: FuzzRequest, sent: Sent): string {
  const shown = [...sent.headers]
    .filter(([k]) => !['authorization', 'apikey', 'x-supabase-api-version'].includes(k))
    .map(([k, v]) => `${k}: ${JSON.stringify(v.slice(0, 60))}`);
  return [
    `auth=${req.auth.kind}${req.auth.scheme === 'Bearer' ? '' : `(${JSON.stringify(req.auth.scheme)})`}`,
    ...shown,
  ].join('; ');
}

/** A short class of a 5xx for grouping: route, status and the error code (or page title). */
function findingClass(f: Finding): string {
  let code: string;
  try {
    const b = JSON.parse(f.response) as { code?: unknown; message?: unknown };
    code = `${String(b.code)}: ${String(b.message).slice(0, 80)}`;
  } catch {
    code = /<title>([^<]*)<\/title>/.exec(f.response)?.[1] ?? f.response.slice(0, 60);
  }
  return `${f.route} → ${f.status} ${code}`;
}

function report(findings: Finding[], total: number, logs: string[], what: string): string {
  const byRoute = new Map<string, number>();
  const byClass = new Map<string, { n: number; first: Finding }>();
  for (const f of findings) {
    byRoute.set(f.route, (byRoute.get(f.route) ?? 0) + 1);
    const k = findingClass(f);
    const c = byClass.get(k);
    if (c) c.n += 1;
    else byClass.set(k, { n: 1, first: f });
  }
  const lines = [
    `${findings.length} of ${total} ${what} failed (seed ${SEED}; replay: ${REPLAY})`,
    'per route:',
    ...[...byRoute].sort((a, b) => b[1] - a[1]).map(([r, n]) => `  ${n} × ${r}`),
    'distinct classes (count × route → status and error; first example):',
    ...[...byClass]
      .sort((a, b) => b[1].n - a[1].n)
      .map(
        ([k, c]) =>
          `  ${c.n} × ${k}\n      e.g. #${c.first.index} ${c.first.method} ${c.first.path.slice(0, 160)} | ${c.first.headers.slice(0, 100)} | body ${c.first.body.slice(0, 120)}`,
      ),
    `first ${Math.min(20, findings.length)}:`,
    ...findings
      .slice()
      .sort((a, b) => a.index - b.index)
      .slice(0, 20)
      .map(
        (f) =>
          `  #${f.index} ${f.method} ${f.path.slice(0, 300)}\n      headers: ${f.headers.slice(0, 300)}\n      body: ${f.body.slice(0, 200)}\n      → ${f.status} ${f.response.slice(0, 300)}`,
      ),
  ];
  // The server logs what it did not expect: its distinct first lines (the request path left out) name the causes.
  const logged = new Map<string, number>();
  for (const line of logs.filter((l) => /unexpected|failed/.test(l))) {
    const m = /^(unexpected error on \S+) [\s\S]*?: ((?:[A-Z]\w*)?Error\b[^\n]*)/.exec(line);
    const key = (m ? `${m[1]!} …: ${m[2]!}` : line.split('\n')[0]!).slice(0, 300);
    logged.set(key, (logged.get(key) ?? 0) + 1);
  }
  if (logged.size) {
    lines.push(
      'server log, distinct errors:',
      ...[...logged]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 15)
        .map(([k, n]) => `  ${n} × ${k}`),
    );
  }
  return lines.join('\n');
}

function familyOf(route: string): string {
  const path = route.slice(route.indexOf(' ') + 1);
  if (path.startsWith('/rest/v1/rpc/')) return 'rpc';
  if (path.startsWith('/rest/v1/')) return 'tables';
  if (path.startsWith('/auth/v1/')) return 'auth';
  if (path.startsWith('/r/')) return 'redirect';
  return 'random';
}

/** Runs fn over items with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        await fn(item);
      }
    }),
  );
}

// ---- raw HTTP/1.1 -------------------------------------------------------------------------------------
interface RawCase {
  kind: string;
  parts: (string | number[])[];
}

const RAW_TARGETS = [
  '/auth/v1/health',
  '/auth/v1/token?grant_type=password',
  '/auth/v1/signup',
  '/auth/v1/user',
  '/rest/v1/qr_codes',
  '/rest/v1/qr_codes?select=id,name&order=created_at.desc',
  '/rest/v1/scan_events',
  '/rest/v1/rpc/top_codes',
  '/rest/v1/rpc/record_scan',
  `/r/${P.slugDyn}`,
  '/r/abcd1234',
  '/',
  '*',
];
const rawTarget = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...RAW_TARGETS) },
  {
    weight: 1,
    arbitrary: pick(
      '/r/\u00ff\u00fe',
      '/rest/v1/qr_codes?select=\u0000',
      '/r/a b',
      'http://evil.example/x',
      '//',
      '/%',
      'rest/v1/qr_codes',
      '/rest/v1/qr_codes?id=eq.\u007f',
      '/auth/v1/\u0001',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 9000, max: 70_000 }).map((n) => `/rest/v1/qr_codes?name=eq.${'x'.repeat(n)}`),
  },
);
const rawMethod = fc.oneof(
  { weight: 4, arbitrary: pick('GET', 'POST', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PUT') },
  { weight: 1, arbitrary: pick('get', 'G ET', 'GET\u0000', 'CONNECT', 'TRACE', 'PRI', '', 'X'.repeat(300), 'GÉT') },
);
const rawVersion = fc.oneof(
  { weight: 4, arbitrary: pick('HTTP/1.1') },
  {
    weight: 1,
    arbitrary: pick('HTTP/1.0', 'HTTP/2.0', 'HTTP/9.9', 'HTTP/1.1x', '', 'http/1.1', 'HTTP/1', 'HTTP/1.1 extra'),
  },
);
const eol = fc.oneof(
  { weight: 5, arbitrary: pick('\r\n') },
  { weight: 1, arbitrary: pick('\n', '\r', '\r\r\n', '\n\r') },
);
const BASE_HEADERS = ['Host: 127.0.0.1', `apikey: ${DEMO_ANON_KEY}`, 'Authorization: Bearer $USER_TOKEN$'];

const rawCaseArb: fc.Arbitrary<RawCase> = fc.oneof(
  // Bad request lines.
  fc.tuple(rawMethod, rawTarget, rawVersion, pick(' ', ' ', '  ', '\t'), eol).map(([m, t, v, sp, nl]) => ({
    kind: 'request line',
    parts: [`${m}${sp}${t}${sp}${v}${nl}${BASE_HEADERS.join(nl)}${nl}${nl}`],
  })),
  // Invalid header names and bytes, folding, huge or numerous headers.
  fc
    .tuple(
      fc.constantFrom(...RAW_TARGETS),
      fc.array(
        fc.oneof(
          pick(
            'Bad Name: x',
            'NoColon',
            ': empty name',
            'X-Nul: a\u0000b',
            'X-Del: \u007f',
            'X-Folded: a\r\n b',
            'Content-Type : application/json',
            'Host: a',
            'Host: b',
            'X-Latin: \u00e9\u00ff',
            'Authorization: Bearer \u0000',
            'Accept: application/vnd.pgrst.object+json',
            'Prefer: return=representation',
            'Range: 0-\u0000',
            'X-Tab:\tvalue\t',
            'Expect: 100-continue',
            'Upgrade: websocket',
            'Connection: upgrade',
          ),
          fc.uint8Array({ minLength: 1, maxLength: 30 }).map((b) =>
            Buffer.from(b)
              .toString('latin1')
              .replace(/[\r\n]/g, ''),
          ),
          fc.integer({ min: 9000, max: 40_000 }).map((n) => `X-Huge: ${'h'.repeat(n)}`),
        ),
        { minLength: 1, maxLength: 6 },
      ),
      fc.oneof(fc.constant(0), fc.integer({ min: 100, max: 3000 })),
    )
    .map(([t, hs, many]) => ({
      kind: 'header bytes',
      parts: [
        `GET ${t} HTTP/1.1\r\n${[...BASE_HEADERS, ...hs, ...Array.from({ length: many }, (_, i) => `X-N${i}: ${i}`)].join('\r\n')}\r\n\r\n`,
      ],
    })),
  // Absurd Content-Length.
  fc
    .tuple(
      pick(
        '/rest/v1/qr_codes',
        '/rest/v1/rpc/top_codes',
        '/auth/v1/token?grant_type=password',
        '/auth/v1/signup',
        '/r/abcd1234',
      ),
      pick(
        '99999999999999999999',
        '-1',
        '1e3',
        ' 5',
        '5, 6',
        '0x10',
        '9007199254740993',
        '2147483648',
        'abc',
        '',
        '10',
        '1000000',
        '0',
      ),
      fc.oneof(pick('{"name":"x"}', '{}', ''), fc.string({ maxLength: 40 })),
      fc.boolean(),
    )
    .map(([t, cl, body, dup]) => ({
      kind: 'content-length',
      parts: [
        `POST ${t} HTTP/1.1\r\n${BASE_HEADERS.join('\r\n')}\r\nContent-Type: application/json\r\nContent-Length: ${cl}\r\n${dup ? 'Content-Length: 3\r\n' : ''}\r\n${body}`,
      ],
    })),
  // Chunked garbage.
  fc
    .tuple(
      pick(
        '/rest/v1/qr_codes',
        '/rest/v1/rpc/record_scan',
        '/auth/v1/token?grant_type=password',
        '/auth/v1/signup',
        '/auth/v1/user',
      ),
      pick(
        'chunked',
        'chunked',
        'Chunked',
        ' chunked',
        'gzip, chunked',
        'chunked, gzip',
        'chunked, identity',
        'identity',
        'gzip',
        'chunked\u0000',
      ),
      fc.array(
        fc.oneof(
          pick(
            '5\r\n{"a":\r\n',
            'zz\r\nxx\r\n',
            '-1\r\n\r\n',
            'ffffffffffffffffff\r\nab\r\n',
            '1;ext="\u0000"\r\n{\r\n',
            '3\r\nabcdef\r\n',
            '0\r\n\r\n',
            '0\r\nX-Trailer: \u0000\r\n\r\n',
            '2\r\n}',
            '\r\n',
            '4\n{}{}\n',
            '0x2\r\n{}\r\n',
            '1 \r\n{\r\n',
          ),
          fc.uint8Array({ maxLength: 20 }).map((b) => Buffer.from(b).toString('latin1')),
        ),
        { minLength: 1, maxLength: 5 },
      ),
      fc.boolean(),
    )
    .map(([t, te, chunks, withCl]) => ({
      kind: 'chunked',
      parts: [
        `POST ${t} HTTP/1.1\r\n${BASE_HEADERS.join('\r\n')}\r\nContent-Type: application/json\r\nTransfer-Encoding: ${te}\r\n${withCl ? 'Content-Length: 4\r\n' : ''}\r\n${chunks.join('')}`,
      ],
    })),
  // Well-framed bodies of garbage (invalid UTF-8, broken JSON) that reach the handlers, some cut off mid-body.
  fc
    .tuple(
      pick(
        '/rest/v1/qr_codes',
        '/rest/v1/rpc/top_codes',
        '/rest/v1/rpc/record_scan',
        '/auth/v1/token?grant_type=password',
        '/auth/v1/signup',
        '/auth/v1/user',
      ),
      pick('POST', 'POST', 'PATCH', 'PUT'),
      fc.oneof(
        pick('{"name":"x"}', '{"p_limit":5}', '{', '[{"name":1},', '{"email":"a@b.co","password":"', '\u0000', 'null'),
        fc.uint8Array({ maxLength: 40 }).map((b) => Buffer.from(b).toString('latin1')),
      ),
      pick<'chunked' | 'chunked, cut' | 'length' | 'length, cut'>('chunked', 'chunked, cut', 'length', 'length, cut'),
    )
    .map(([t, m, body, framing]) => {
      const cut = framing.endsWith('cut');
      const framed = framing.startsWith('chunked')
        ? `Transfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n${cut ? '' : '0\r\n\r\n'}`
        : `Content-Length: ${body.length + (cut ? 10 : 0)}\r\n\r\n${body}`;
      return {
        kind: `framed body (${framing})`,
        parts: [`${m} ${t} HTTP/1.1\r\n${BASE_HEADERS.join('\r\n')}\r\nContent-Type: application/json\r\n${framed}`],
      };
    }),
  // Pipelined: one good request, then garbage.
  fc.tuple(fc.constantFrom(...RAW_TARGETS), fc.uint8Array({ maxLength: 64 })).map(([t, junk]) => ({
    kind: 'pipelined',
    parts: [`GET ${t} HTTP/1.1\r\n${BASE_HEADERS.join('\r\n')}\r\n\r\n`, [...junk]],
  })),
  // Random bytes.
  fc.uint8Array({ minLength: 1, maxLength: 512 }).map((b) => ({ kind: 'random bytes', parts: [[...b]] })),
);

interface RawOutcome {
  statuses: number[];
  closed: boolean;
  head: string;
}

/**
 * Writes the bytes and collects what comes back until the server closes. The client half-closes once the
 * server has been quiet for a moment (after its last byte, or from the start when it says nothing), so an
 * incomplete request ends instead of waiting for the header timeout, and a complete one is answered first.
 */
function rawExchange(port: number, payload: Buffer): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let done = false;
    const socket = connect({ host: '127.0.0.1', port });
    let quiet: NodeJS.Timeout | undefined;
    const halfCloseWhenQuiet = (ms: number) => {
      clearTimeout(quiet);
      quiet = setTimeout(() => socket.end(), ms);
    };
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(quiet);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const statuses = [...text.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1]));
      resolve({ statuses, closed, head: text.slice(0, 200) });
    };
    const timer = setTimeout(() => finish(false), RAW_TIMEOUT_MS);
    socket.on('connect', () => {
      socket.write(payload);
      halfCloseWhenQuiet(RAW_QUIET_MS);
    });
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      halfCloseWhenQuiet(50);
    });
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
  });
}

// ---- the suite --------------------------------------------------------------------------------------------
const b64url = (s: string) => Buffer.from(s).toString('base64url');
const rawJwt = (header: object, payload: unknown, signature = '') =>
  `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}.${signature}`;
const sign = (payload: Record<string, unknown>, alg = 'HS256', secret = DEMO_JWT_SECRET) =>
  new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(new TextEncoder().encode(secret));

async function forgeTokens(accessToken: string, nowSec: number): Promise<Live['tokens']> {
  const claims = decodeJwt(accessToken) as Record<string, unknown>;
  const [h, , s] = accessToken.split('.') as [string, string, string];
  return {
    anon: DEMO_ANON_KEY,
    user: accessToken,
    service: await sign({ iss: 'supabase-demo', role: 'service_role', exp: nowSec + 3600 }),
    'alg-none': rawJwt({ alg: 'none', typ: 'JWT' }, claims),
    'wrong-secret': await sign(claims, 'HS256', `another-${DEMO_JWT_SECRET}`),
    hs512: await sign(claims, 'HS512'),
    expired: await sign({ ...claims, iat: nowSec - 7200, exp: nowSec - 3600 }),
    tampered: `${h}.${b64url(JSON.stringify({ ...claims, role: 'service_role' }))}.${s}`,
    'unknown-sub': await sign({ ...claims, sub: '6f1c2a3b-0000-4000-8000-000000000000' }),
    'sub-not-uuid': await sign({ ...claims, sub: 'not-a-uuid' }),
    'sub-number': await sign({ ...claims, sub: 12345 }),
    'sub-nul': await sign({ ...claims, sub: 'a\u0000b', email: '\ud800' }),
    'role-postgres': await sign({ ...claims, role: 'postgres' }),
    'role-object': await sign({ ...claims, role: { a: 1 } }),
    'no-role': await sign({ sub: claims.sub, exp: nowSec + 3600 }),
    garbled: `${accessToken.slice(0, 40)}${accessToken.slice(41, 80).split('').reverse().join('')}${accessToken.slice(80)}`,
    truncated: accessToken.slice(0, -5),
  };
}

interface SeedRow {
  id: string;
  user_id: string;
  name: string;
  type: string;
  content: string;
  destination: string | null;
  design: unknown;
  is_dynamic: boolean;
  slug: string;
}

/**
 * A small fixed corpus sent before the random requests, whatever the seed: inputs that broke the server
 * once, so a short or unlucky run still covers them. The random requests come after it.
 */
const JSON_TYPE: [string, string][] = [['Content-Type', 'application/json']];
const USER: AuthSpec = { kind: 'user', scheme: 'Bearer', raw: '', apikey: 'anon' };
const NOBODY: AuthSpec = { kind: 'none', scheme: 'Bearer', raw: '', apikey: 'none' };
const deep = (key: string | null, depth = 5000): Body => ({ k: 'deep', depth, shape: 'array', key, closed: true });
const CORPUS: FuzzRequest[] = [
  { route: 'GET /r/:slug', method: 'GET', path: '/r/%ZZ', auth: NOBODY, headers: [], body: { k: 'none' } },
  { route: 'GET /r/:slug', method: 'GET', path: '/r/abcd%E0%A4%A', auth: NOBODY, headers: [], body: { k: 'none' } },
  {
    route: 'POST /rest/v1/qr_codes',
    method: 'POST',
    path: '/rest/v1/qr_codes',
    auth: USER,
    headers: JSON_TYPE,
    body: deep('design'),
  },
  {
    route: 'PATCH /rest/v1/qr_codes',
    method: 'PATCH',
    path: `/rest/v1/qr_codes?id=eq.${P.id0}`,
    auth: USER,
    headers: JSON_TYPE,
    body: deep('design'),
  },
  {
    route: 'POST /rest/v1/rpc/top_codes',
    method: 'POST',
    path: '/rest/v1/rpc/top_codes',
    auth: USER,
    headers: JSON_TYPE,
    body: deep('p_from'),
  },
  {
    route: 'POST /rest/v1/qr_codes',
    method: 'POST',
    path: '/rest/v1/qr_codes',
    auth: USER,
    headers: JSON_TYPE,
    body: { k: 'bulk', rows: 22_000, keys: ['name', 'type', 'content'], value: 'num' },
  },
  {
    route: 'GET /rest/v1/qr_codes',
    method: 'GET',
    path: '/rest/v1/qr_codes?is_dynamic=eq.maybe',
    auth: USER,
    headers: [],
    body: { k: 'none' },
  },
  {
    route: 'POST /rest/v1/qr_codes',
    method: 'POST',
    path: '/rest/v1/qr_codes',
    auth: USER,
    headers: JSON_TYPE,
    body: { k: 'json', v: { name: 'x', is_dynamic: {} } },
  },
  {
    route: 'GET /rest/v1/scan_events',
    method: 'GET',
    path: '/rest/v1/scan_events?id=eq.99999999999999999999',
    auth: USER,
    headers: [],
    body: { k: 'none' },
  },
  {
    route: 'POST /rest/v1/rpc/record_scan',
    method: 'POST',
    path: '/rest/v1/rpc/record_scan',
    auth: NOBODY,
    headers: JSON_TYPE,
    body: { k: 'json', v: { p_slug: P.slugDyn, p_country: '\u0000' } },
  },
];

const RESEED_EVERY = 250;
const requests = [...CORPUS, ...fc.sample(requestArb, { seed: SEED, numRuns: RUNS })];
const rawCases = fc.sample(rawCaseArb, { seed: SEED + 1, numRuns: RAW_RUNS });

describe.each(backends)('fuzz on %s', (backend) => {
  const srv = suiteServer(backend);
  let live: Live;
  let canary: { email: string; password: string };
  let seeded: SeedRow[];
  const reseedFailures: string[] = [];

  /**
   * Puts the seeded codes back as they were (the fuzz deletes, pauses and edits them) and keeps the table
   * small, so that filters, rpc and redirects keep reaching real rows and bulk inserts do not pile up.
   */
  async function reseed(): Promise<void> {
    const db = srv.server.db;
    const ids = seeded.map((r) => r.id);
    try {
      await db.query(
        'DELETE FROM public.qr_codes WHERE id <> ALL($1::uuid[]) AND (SELECT count(*) FROM public.qr_codes) > 500',
        [ids],
      );
      // A fuzzed insert may have taken a seeded slug after the seeded row was deleted.
      await db.query('DELETE FROM public.qr_codes WHERE id <> ALL($1::uuid[]) AND slug = ANY($2::text[])', [
        ids,
        seeded.map((r) => r.slug),
      ]);
      // The free plan allows 3 dynamic codes: make room for the seeded one.
      await db.query('UPDATE public.qr_codes SET is_dynamic = false WHERE id <> ALL($1::uuid[]) AND is_dynamic', [ids]);
      for (const r of seeded) {
        await db.query(
          `INSERT INTO public.qr_codes (id, user_id, name, type, content, destination, design, is_dynamic, slug, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, 'active')
           ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, name = excluded.name, type = excluded.type,
             content = excluded.content, destination = excluded.destination, design = excluded.design,
             is_dynamic = excluded.is_dynamic, slug = excluded.slug, status = 'active'`,
          [r.id, r.user_id, r.name, r.type, r.content, r.destination, JSON.stringify(r.design), r.is_dynamic, r.slug],
        );
      }
    } catch (err) {
      reseedFailures.push(String(err));
    }
  }

  beforeAll(async () => {
    // A canary whose credentials the fuzz never sees: the final sign-in proves the auth path still works.
    const c = await signedUpClient(srv.url);
    canary = { email: c.email, password: c.password };
    // The fuzzed user, with saved codes so filters, rpc and redirects reach real rows.
    const { client, email, session, user } = await signedUpClient(srv.url);
    const { data, error } = await client
      .from('qr_codes')
      .insert([
        {
          name: 'Dynamic',
          type: 'URL',
          content: 'https://example.com/x',
          destination: 'https://example.com/x',
          is_dynamic: true,
          design: {},
        },
        { name: 'Static', type: 'Text', content: 'hello', destination: null, is_dynamic: false, design: {} },
        {
          name: 'Designed',
          type: 'URL',
          content: 'https://example.com/y',
          destination: null,
          is_dynamic: false,
          design: { fg: '#000', bg: '#fff', dots: 'rounded' },
        },
      ])
      .select('id, user_id, name, type, content, destination, design, is_dynamic, slug');
    if (error || !data) throw new Error(`seeding qr_codes failed: ${error?.message ?? 'no data'}`);
    const rows = data as SeedRow[];
    seeded = rows;
    const port = Number(new URL(srv.url).port);
    live = {
      url: srv.url,
      port,
      values: {
        [P.email]: email,
        [P.emailUpper]: email.toUpperCase(),
        [P.password]: PASSWORD,
        [P.refresh]: session.refresh_token,
        [P.userId]: user.id,
        [P.id0]: rows[0]!.id,
        [P.id1]: rows[1]!.id,
        [P.slugDyn]: rows.find((r) => r.is_dynamic)!.slug,
        [P.slugStatic]: rows.find((r) => !r.is_dynamic)!.slug,
        $USER_TOKEN$: session.access_token,
      },
      tokens: await forgeTokens(session.access_token, Math.floor(srv.clock.now() / 1000)),
    };
    // The seeded dynamic code redirects before the fuzz starts.
    const r = await fetch(`${srv.url}/r/${live.values[P.slugDyn]!}`, { redirect: 'manual' });
    if (r.status !== 302)
      console.warn(`[fuzz ${backend}] the seeded dynamic code does not redirect: ${r.status}`, srv.logs.slice(-3));
  });

  async function stillServing(): Promise<void> {
    const health = await fetch(`${srv.url}/auth/v1/health`);
    expect(health.status, 'GET /auth/v1/health after the fuzz').toBe(200);
    const login = await makeClient(srv.url).auth.signInWithPassword(canary);
    expect(login.error, 'password sign-in after the fuzz').toBeNull();
    expect(login.data.session?.access_token).toBeTruthy();
  }

  it(
    `${ONLY.length ? `${ONLY.length} selected` : `${CORPUS.length} corpus + ${RUNS} random`} requests (seed ${SEED}): no 5xx, still serving`,
    async () => {
      const chosen = ONLY.length
        ? ONLY.filter((i) => i < requests.length).map((i) => ({ req: requests[i]!, index: i }))
        : requests.map((req, index) => ({ req, index }));
      const findings: Finding[] = [];
      const statuses = new Map<number, number>();
      const families = new Map<string, { n: number; ms: number; statuses: Map<number, number> }>();
      const slowest: { ms: number; what: string }[] = [];
      let clientRefused = 0;
      let skippedHeaders = 0;
      const started = Date.now();
      await pool(chosen, CONCURRENCY, async ({ req, index }) => {
        if (index % RESEED_EVERY === RESEED_EVERY - 1) await reseed();
        const sent = prepare(req, live);
        skippedHeaders += sent.skippedHeaders;
        const t0 = performance.now();
        const out = await send(req, sent, live);
        const ms = performance.now() - t0;
        if (out.clientError !== undefined) {
          clientRefused += 1;
          return;
        }
        statuses.set(out.status, (statuses.get(out.status) ?? 0) + 1);
        const family = familyOf(req.route);
        const fam = families.get(family) ?? { n: 0, ms: 0, statuses: new Map<number, number>() };
        fam.n += 1;
        fam.ms += ms;
        fam.statuses.set(out.status, (fam.statuses.get(out.status) ?? 0) + 1);
        families.set(family, fam);
        slowest.push({
          ms,
          what: `#${index} ${req.method} ${sent.url.pathname.slice(0, 60)} ${bodySummary(req.body, live).slice(0, 80)} → ${out.status}`,
        });
        slowest.sort((a, b) => b.ms - a.ms).splice(SHOW_SLOWEST);
        if (out.status >= 500 || out.status === 0) {
          findings.push({
            index,
            route: req.route,
            method: req.method,
            path: `${sent.url.pathname}${sent.url.search}`,
            headers: headerSummary(req, sent),
            body: bodySummary(req.body, live),
            status: out.status,
            response: out.text,
          });
        }
      });
      const seconds = (Date.now() - started) / 1000;
      debugLog(
        `[fuzz ${backend}] seed ${SEED}: ${chosen.length} requests in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}; ` +
          `refused by fetch ${clientRefused}; headers dropped by fetch ${skippedHeaders}; 5xx/network ${findings.length}; ` +
          `reseed failures ${reseedFailures.length}${reseedFailures.length ? ` (${reseedFailures[0]!.slice(0, 200)})` : ''}\n` +
          [...families]
            .sort()
            .map(
              ([f, v]) =>
                `  ${f}: ${v.n} requests, ${(v.ms / v.n).toFixed(1)} ms avg, ${JSON.stringify(Object.fromEntries([...v.statuses].sort((a, b) => a[0] - b[0])))}`,
            )
            .join('\n') +
          `\n  slowest: ${slowest.map((x) => `${x.ms.toFixed(0)} ms ${x.what}`).join('\n           ')}`,
      );
      // Most requests must actually reach the server.
      expect(clientRefused).toBeLessThan(chosen.length / 20);
      await stillServing();
      // Printed as well as asserted: the report survives a reporter that fails to print the assertion.
      const summary = findings.length ? report(findings, chosen.length, srv.logs, 'requests') : '';
      if (summary) console.error(summary);
      expect(findings.length, summary).toBe(0);
    },
    Math.max(120_000, RUNS * 15),
  );

  it(`${RAW_RUNS} raw malformed HTTP/1.1 requests (seed ${SEED + 1}): answered or closed, never 5xx`, async () => {
    const findings: Finding[] = [];
    const kinds = new Map<string, number>();
    await pool(
      rawCases.map((c, index) => ({ c, index })),
      RAW_CONCURRENCY,
      async ({ c, index }) => {
        const payload = Buffer.concat(
          c.parts.map((p) => (typeof p === 'string' ? Buffer.from(fill(p, live), 'latin1') : Buffer.from(p))),
        );
        const out = await rawExchange(live.port, payload);
        const label = `${c.kind}: ${out.statuses.length ? out.statuses.join(',') : out.closed ? 'closed' : 'hung'}`;
        kinds.set(label, (kinds.get(label) ?? 0) + 1);
        if (out.statuses.some((s) => s >= 500) || (!out.closed && out.statuses.length === 0)) {
          findings.push({
            index,
            route: `raw ${c.kind}`,
            method: '',
            path: JSON.stringify(payload.toString('latin1').slice(0, 300)),
            headers: '',
            body: '',
            status: out.statuses.find((s) => s >= 500) ?? 0,
            response: out.closed ? out.head : `no answer within ${RAW_TIMEOUT_MS} ms`,
          });
        }
      },
    );
    debugLog(`[fuzz ${backend}] raw: ${JSON.stringify(Object.fromEntries([...kinds].sort()))}`);
    await stillServing();
    const summary = findings.length ? report(findings, rawCases.length, srv.logs, 'raw requests') : '';
    if (summary) console.error(summary);
    expect(findings.length, summary).toBe(0);
  }, 90_000);
});
