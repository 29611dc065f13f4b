// The parse layer of /rest/v1 (server/rest/parse.ts, parse-body.ts): query strings and bodies → structures.
import { describe, expect, it } from 'vitest';
import { RestError } from '../../../server/rest/errors.ts';
import { closest } from '../../../server/rest/fuzzy.ts';
import { bodyKind, checkProfile, negotiate, parseAccept } from '../../../server/rest/media.ts';
import { MAX_JSON_DEPTH, parseColumnsParam, parseJsonBody } from '../../../server/rest/parse-body.ts';
import {
  checkSelectSyntax,
  parseFilter,
  parseList,
  parseOrder,
  parsePrefer,
  parseRange,
  preferenceApplied,
  parseSelect,
} from '../../../server/rest/parse.ts';

/** The RestError fn throws, as {status, code, message}. */
function thrown(fn: () => unknown): { status: number; code: string; message: string; details: string | null } {
  try {
    fn();
  } catch (err) {
    if (err instanceof RestError)
      return { status: err.status, code: err.code, message: err.message, details: err.details };
    throw err;
  }
  throw new Error('expected a RestError');
}

describe('parseSelect', () => {
  it('reads *, columns and aliases', () => {
    expect(parseSelect(undefined)).toEqual([{ kind: 'star' }]);
    expect(parseSelect('  ')).toEqual([{ kind: 'star' }]);
    expect(parseSelect('id, title:name,*')).toEqual([
      { kind: 'column', name: 'id', alias: null },
      { kind: 'column', name: 'name', alias: 'title' },
      { kind: 'star' },
    ]);
  });

  it('refuses embedding, casts and empty items with PGRST100', () => {
    expect(thrown(() => parseSelect('id,owner(name)'))).toEqual({
      status: 400,
      code: 'PGRST100',
      message: 'Unsupported by the local server: resource embedding or aggregates in select ("owner(name)")',
      details: null,
    });
    // Where PostgREST's own parser fails, its words and position.
    expect(thrown(() => checkSelectSyntax('name,(select 1)'))).toEqual({
      status: 400,
      code: 'PGRST100',
      message: '"failed to parse select parameter (name,(select 1))" (line 1, column 6)',
      details: 'unexpected "(" expecting "...", field name (* or [a..z0..9_$]), "*" or "count()"',
    });
    expect(thrown(() => checkSelectSyntax('a,,b')).message).toBe(
      '"failed to parse select parameter (a,,b)" (line 1, column 3)',
    );
    expect(thrown(() => parseSelect('id::text')).message).toBe(
      'Unsupported by the local server: select item "id::text" (only *, column and alias:column)',
    );
    expect(thrown(() => parseSelect('a,,b')).code).toBe('PGRST100');
  });
});

describe('parseFilter', () => {
  it('reads comparison, pattern, in and is filters, negated or not', () => {
    expect(parseFilter('name', 'eq.Alpha menu')).toEqual({
      column: 'name',
      negate: false,
      op: 'eq',
      value: 'Alpha menu',
    });
    expect(parseFilter('name', 'not.ilike.*a.b*')).toEqual({
      column: 'name',
      negate: true,
      op: 'ilike',
      value: '*a.b*',
    });
    expect(parseFilter('type', 'in.(URL,"a,b",  x ,"q\\"t")')).toEqual({
      column: 'type',
      negate: false,
      op: 'in',
      value: ['URL', 'a,b', 'x', 'q"t'],
    });
    expect(parseFilter('destination', 'is.NULL')).toEqual({
      column: 'destination',
      negate: false,
      op: 'is',
      value: 'null',
    });
    // PostgREST 12 has no is.not_null (not.is.null says it), and reports how far the value matched.
    expect(thrown(() => parseFilter('destination', 'is.not_null'))).toMatchObject({
      message: '"failed to parse filter (is.not_null)" (line 1, column 5)',
      details: 'unexpected "o" expecting null or trilean value (unknown, true, false)',
    });
  });

  it('refuses logical filters, JSON paths, unknown operators and bad values', () => {
    expect(thrown(() => parseFilter('or', '(a.eq.1)')).message).toBe(
      'Unsupported by the local server: logical filter "or"',
    );
    expect(thrown(() => parseFilter('design->>fg', 'eq.x')).message).toMatch(/JSON paths, embedded filters/);
    expect(thrown(() => parseFilter('name', 'fts.word')).message).toBe(
      'Unsupported by the local server: filter operator "fts"',
    );
    // Values PostgREST's parser rejects get its message, position and details (seen on PostgREST 12.0.2).
    expect(thrown(() => parseFilter('name', 'Alpha'))).toEqual({
      status: 400,
      code: 'PGRST100',
      message: '"failed to parse filter (Alpha)" (line 1, column 1)',
      details: 'unexpected "A" expecting "not" or operator (eq, gt, ...)',
    });
    expect(thrown(() => parseFilter('name', 'not.foo.bar'))).toMatchObject({
      message: '"failed to parse filter (not.foo.bar)" (line 1, column 5)',
      details: 'unexpected "f" expecting operator (eq, gt, ...)',
    });
    expect(thrown(() => parseFilter('name', 'eqx.1')).details).toBe('unexpected "x" expecting operator (eq, gt, ...)');
    expect(thrown(() => parseFilter('status', 'is.maybe'))).toMatchObject({
      message: '"failed to parse filter (is.maybe)" (line 1, column 4)',
      details: 'unexpected "m" expecting null or trilean value (unknown, true, false)',
    });
    expect(thrown(() => parseFilter('id', 'in.1,2'))).toMatchObject({
      message: '"failed to parse filter (in.1,2)" (line 1, column 4)',
      details: 'unexpected "1" expecting "("',
    });
    expect(thrown(() => parseFilter('id', 'in.(1')).details).toBe('unexpected end of input expecting "," or ")"');
  });
});

describe('parseList', () => {
  it('splits on commas outside quotes and keeps quoted spaces', () => {
    expect(parseList('()')).toEqual([]);
    expect(parseList('( a ," b ",c)')).toEqual(['a', ' b ', 'c']);
  });
});

describe('parseOrder', () => {
  it('reads directions and null placement', () => {
    expect(parseOrder('created_at.desc.nullslast,name,id.nullsfirst')).toEqual([
      { column: 'created_at', dir: 'desc', nulls: 'last' },
      { column: 'name', dir: null, nulls: null },
      { column: 'id', dir: null, nulls: 'first' },
    ]);
  });

  it('refuses bad terms and modifiers', () => {
    // PostgREST 12.0.2's words and positions.
    expect(thrown(() => parseOrder('name.sideways'))).toMatchObject({
      message: '"failed to parse order (name.sideways)" (line 1, column 6)',
      details: 'unexpected "s" expecting "asc", "desc", "nullsfirst" or "nullslast"',
    });
    expect(thrown(() => parseOrder('name;drop')).details).toBe(
      `unexpected ';' expecting letter, digit, "-", "->>", "->", delimiter (.), "," or end of input`,
    );
    expect(thrown(() => parseOrder('name.asc.foo')).message).toBe(
      '"failed to parse order (name.asc.foo)" (line 1, column 10)',
    );
    expect(thrown(() => parseOrder('name.nullsfirst.asc')).details).toBe(
      `unexpected '.' expecting "," or end of input`,
    );
    expect(thrown(() => parseOrder('name,')).details).toBe(
      'unexpected end of input expecting field name (* or [a..z0..9_$])',
    );
    expect(thrown(() => parseOrder('design->fg')).message).toBe(
      'Unsupported by the local server: order term "design->fg"',
    );
  });
});

describe('parseRange', () => {
  const q = (s: string) => new URLSearchParams(s);
  it('intersects limit/offset with a Range header, as PostgREST does', () => {
    expect(parseRange(q('limit=5&offset=10'), '11-12')).toEqual({ limit: 2, offset: 11 });
    expect(parseRange(q('limit=5&offset=1'), '1-2')).toEqual({ limit: 2, offset: 1 });
    expect(parseRange(q('offset=3'), undefined)).toEqual({ limit: null, offset: 3 });
    expect(parseRange(q(''), '7-')).toEqual({ limit: null, offset: 7 });
    expect(parseRange(q(''), undefined)).toEqual({ limit: null, offset: 0 });
    expect(parseRange(q('limit=0'), undefined)).toEqual({ limit: 0, offset: 0 });
  });

  it('ignores a Range header of another shape (items=0-1, bytes=…) and on methods other than GET', () => {
    expect(parseRange(q(''), 'items=4-9')).toEqual({ limit: null, offset: 0 });
    expect(parseRange(q(''), 'bytes=0-1')).toEqual({ limit: null, offset: 0 });
    expect(parseRange(q(''), '0-1,3-4')).toEqual({ limit: null, offset: 0 });
    expect(parseRange(q(''), '0-1', 'HEAD')).toEqual({ limit: null, offset: 0 });
    expect(parseRange(q('limit=abc'), undefined)).toEqual({ limit: null, offset: 0 });
  });

  it('answers 416 PGRST103 for a negative limit and a backwards range, with PostgREST details', () => {
    expect(thrown(() => parseRange(q('limit=-1'), undefined))).toMatchObject({
      status: 416,
      code: 'PGRST103',
      details: 'Limit should be greater than or equal to zero.',
    });
    expect(thrown(() => parseRange(q(''), '9-3'))).toMatchObject({
      status: 416,
      code: 'PGRST103',
      details: 'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    });
    expect(thrown(() => parseRange(q('limit=1'), '1-3'))).toMatchObject({
      status: 416,
      details: 'Limit should be greater than or equal to zero.',
    });
    expect(thrown(() => parseRange(q('limit=0&offset=3'), undefined))).toMatchObject({ status: 416 });
  });
});

describe('parsePrefer', () => {
  it('reads count, return and missing (the first of each kind wins); refuses upserts', () => {
    expect(parsePrefer('return=representation, count=exact,missing=default')).toMatchObject({
      count: true,
      returnRepresentation: true,
      missingDefault: true,
    });
    expect(parsePrefer('return=minimal, return=representation').returnRepresentation).toBe(false);
    expect(parsePrefer('Count=Exact').count).toBe(false);
    expect(parsePrefer(undefined)).toEqual({
      count: false,
      returnRepresentation: false,
      missingDefault: false,
      values: {},
    });
    expect(thrown(() => parsePrefer('resolution=merge-duplicates')).message).toBe(
      'Unsupported by the local server: upsert (Prefer: resolution=…)',
    );
    expect(thrown(() => parsePrefer('handling=strict, nonsense'))).toMatchObject({
      status: 400,
      code: 'PGRST122',
      details: 'Invalid preferences: nonsense',
    });
  });

  it('names what it applied in Preference-Applied, in PostgREST order', () => {
    const prefer = parsePrefer('count=exact, return=representation, missing=default, tx=rollback');
    expect(preferenceApplied(prefer, 'create')).toEqual({
      'Preference-Applied': 'missing=default, return=representation, count=exact',
    });
    expect(preferenceApplied(prefer, 'read')).toEqual({ 'Preference-Applied': 'count=exact' });
    expect(preferenceApplied(parsePrefer('tx=commit'), 'delete')).toEqual({});
  });
});

describe('request bodies', () => {
  it('parses JSON, treats blank as no body, and refuses bad or too deep JSON with PGRST102', () => {
    expect(parseJsonBody(' {"a":[1,{"b":null}]} ')).toEqual({ a: [1, { b: null }] });
    expect(parseJsonBody('  ')).toBeUndefined();
    expect(thrown(() => parseJsonBody('{"a":'))).toMatchObject({
      status: 400,
      code: 'PGRST102',
      message: 'Empty or invalid json',
    });
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(() => parseJsonBody(deep(MAX_JSON_DEPTH))).not.toThrow();
    expect(thrown(() => parseJsonBody(deep(MAX_JSON_DEPTH + 1))).code).toBe('PGRST102');
  });

  it('reads the columns= list of an insert, unquoting names', () => {
    expect(parseColumnsParam('name, "type",,content')).toEqual(['name', 'type', 'content']);
  });
});

describe('media types (server/rest/media.ts)', () => {
  it('orders Accept as wai does (q, then specificity, then position) and picks the first it can produce', () => {
    expect(parseAccept('text/html, application/json;q=0.5, text/csv')).toEqual([
      'text/html',
      'text/csv',
      'application/json',
    ]);
    expect(parseAccept(undefined)).toEqual(['*/*']);
    expect(negotiate(parseAccept('application/xml, text/csv;q=0.2')).format).toBe('csv');
    expect(negotiate(parseAccept('application/vnd.pgrst.object+json;nulls=stripped'))).toMatchObject({
      object: true,
      stripNulls: true,
    });
    expect(thrown(() => negotiate(parseAccept('application/xml, text/html')))).toMatchObject({
      status: 415,
      code: 'PGRST107',
      message: 'None of these media types are available: application/xml, text/html',
    });
  });

  it('reads the body type and the profile headers', () => {
    expect(bodyKind(undefined).kind).toBe('json');
    expect(bodyKind('application/json; charset=utf-8').kind).toBe('json');
    expect(bodyKind('text/plain;charset=UTF-8')).toEqual({ kind: 'text', mime: 'text/plain' });
    expect(checkProfile('GET', 'public', undefined)).toBe(true);
    expect(checkProfile('POST', 'auth', undefined)).toBe(false);
    expect(thrown(() => checkProfile('PATCH', undefined, 'auth'))).toMatchObject({ status: 406, code: 'PGRST106' });
  });

  it('takes Prefer: timezone= only for a known zone, and names it in Preference-Applied', () => {
    const zones = new Set(['Europe/Paris']);
    expect(preferenceApplied(parsePrefer('timezone=Europe/Paris', zones), 'read')).toEqual({
      'Preference-Applied': 'timezone=Europe/Paris',
    });
    expect(parsePrefer('timezone=Nowhere', zones).values.timezone).toBeUndefined();
  });
});

describe('PostgREST 12 suggestions (server/rest/fuzzy.ts)', () => {
  const functions = [
    'top_codes',
    'dashboard_summary',
    'scans_per_day',
    'scans_by_os',
    'record_scan',
    'load_sample_data',
  ];
  it('suggests what PostgREST 12.0.2 suggested for the same misspellings, and nothing when nothing is close', () => {
    expect(closest(functions, 'topcodes')).toBe('top_codes');
    expect(closest(functions, 'top_code')).toBe('top_codes');
    expect(closest(['(p_from, p_limit, p_to)'], '(p_limt)')).toBe('(p_from, p_limit, p_to)');
    expect(closest(['(p_from, p_limit, p_to)'], '(p_nonsense)')).toBeUndefined();
    expect(closest(functions, 'zzz')).toBeUndefined();
    expect(closest(functions, 'drop_everything')).toBeUndefined();
  });
});
