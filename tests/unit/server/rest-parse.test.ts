// The parse layer of /rest/v1 (server/rest/parse.ts, parse-body.ts): query strings and bodies → structures.
import { describe, expect, it } from 'vitest';
import { RestError } from '../../../server/rest/errors.ts';
import { MAX_JSON_DEPTH, parseColumnsParam, parseJsonBody } from '../../../server/rest/parse-body.ts';
import {
  parseFilter,
  parseList,
  parseOrder,
  parsePrefer,
  parseRange,
  parseSelect,
} from '../../../server/rest/parse.ts';

/** The RestError fn throws, as {status, code, message}. */
function thrown(fn: () => unknown): { status: number; code: string; message: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof RestError) return { status: err.status, code: err.code, message: err.message };
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
    });
    expect(thrown(() => parseSelect('id::text')).message).toBe(
      'Unsupported by the local server: select item "id::text" (only *, column and alias:column)',
    );
    expect(thrown(() => parseSelect('a,,b')).code).toBe('PGRST100');
  });
});

describe('parseFilter', () => {
  it('reads comparison, pattern, in and is filters, negated or not', () => {
    expect(parseFilter('name', 'eq.Alpha menu')).toEqual({ column: 'name', negate: false, op: 'eq', value: 'Alpha menu' });
    expect(parseFilter('name', 'not.ilike.*a.b*')).toEqual({ column: 'name', negate: true, op: 'ilike', value: '*a.b*' });
    expect(parseFilter('type', 'in.(URL,"a,b",  x ,"q\\"t")')).toEqual({
      column: 'type',
      negate: false,
      op: 'in',
      value: ['URL', 'a,b', 'x', 'q"t'],
    });
    expect(parseFilter('destination', 'is.NOT_NULL')).toEqual({ column: 'destination', negate: false, op: 'is', value: 'not_null' });
  });

  it('refuses logical filters, JSON paths, unknown operators and bad values', () => {
    expect(thrown(() => parseFilter('or', '(a.eq.1)')).message).toBe('Unsupported by the local server: logical filter "or"');
    expect(thrown(() => parseFilter('design->>fg', 'eq.x')).message).toMatch(/JSON paths, embedded filters/);
    expect(thrown(() => parseFilter('name', 'fts.word')).message).toBe('Unsupported by the local server: filter operator "fts"');
    expect(thrown(() => parseFilter('name', 'Alpha'))).toEqual({
      status: 400,
      code: 'PGRST100',
      message: '"failed to parse filter (Alpha)"',
    });
    expect(thrown(() => parseFilter('status', 'is.maybe')).message).toBe('"failed to parse filter (is.maybe)"');
    expect(thrown(() => parseFilter('id', 'in.1,2')).message).toBe('"failed to parse filter (in.1,2)"');
  });
});

describe('parseList', () => {
  it('splits on commas outside quotes and keeps quoted spaces', () => {
    expect(parseList('()')).toEqual([]);
    expect(parseList('( a ," b ",c)')).toEqual(['a', ' b ', 'c']);
  });
});

describe('parseOrder', () => {
  it('reads directions and null placement; a later modifier wins', () => {
    expect(parseOrder('created_at.desc.nullslast,name,id.asc.desc.nullsfirst')).toEqual([
      { column: 'created_at', dir: 'desc', nulls: 'last' },
      { column: 'name', dir: null, nulls: null },
      { column: 'id', dir: 'desc', nulls: 'first' },
    ]);
  });

  it('refuses bad terms and modifiers', () => {
    expect(thrown(() => parseOrder('name.sideways')).message).toBe('"failed to parse order (name.sideways)"');
    expect(thrown(() => parseOrder('design->fg')).message).toBe('Unsupported by the local server: order term "design->fg"');
  });
});

describe('parseRange', () => {
  const q = (s: string) => new URLSearchParams(s);
  it('prefers limit/offset, then the Range header', () => {
    expect(parseRange(q('limit=5&offset=10'), '0-1')).toEqual({ limit: 5, offset: 10 });
    expect(parseRange(q('offset=3'), undefined)).toEqual({ limit: null, offset: 3 });
    expect(parseRange(q(''), 'items=4-9')).toEqual({ limit: 6, offset: 4 });
    expect(parseRange(q(''), '7-')).toEqual({ limit: null, offset: 7 });
    expect(parseRange(q(''), undefined)).toEqual({ limit: null, offset: 0 });
  });

  it('answers 400 for a bad limit and 416 for a bad range', () => {
    expect(thrown(() => parseRange(q('limit=-1'), undefined))).toMatchObject({ status: 400, code: 'PGRST103' });
    expect(thrown(() => parseRange(q(''), '9-3'))).toMatchObject({ status: 416, code: 'PGRST103' });
    expect(thrown(() => parseRange(q(''), 'bytes=0-1'))).toMatchObject({ status: 416, code: 'PGRST103' });
  });
});

describe('parsePrefer', () => {
  it('reads count, return and missing; refuses upserts', () => {
    expect(parsePrefer('return=representation, count=exact,missing=default')).toEqual({
      count: true,
      returnRepresentation: true,
      missingDefault: true,
    });
    expect(parsePrefer(undefined)).toEqual({ count: false, returnRepresentation: false, missingDefault: false });
    expect(thrown(() => parsePrefer('resolution=merge-duplicates')).message).toBe(
      'Unsupported by the local server: upsert (Prefer: resolution=…)',
    );
  });
});

describe('request bodies', () => {
  it('parses JSON, treats blank as no body, and refuses bad or too deep JSON with PGRST102', () => {
    expect(parseJsonBody(' {"a":[1,{"b":null}]} ')).toEqual({ a: [1, { b: null }] });
    expect(parseJsonBody('  ')).toBeUndefined();
    expect(thrown(() => parseJsonBody('{"a":'))).toMatchObject({ status: 400, code: 'PGRST102', message: 'Empty or invalid json' });
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(() => parseJsonBody(deep(MAX_JSON_DEPTH))).not.toThrow();
    expect(thrown(() => parseJsonBody(deep(MAX_JSON_DEPTH + 1))).code).toBe('PGRST102');
  });

  it('reads the columns= list of an insert, unquoting names', () => {
    expect(parseColumnsParam('name, "type",,content')).toEqual(['name', 'type', 'content']);
  });
});
