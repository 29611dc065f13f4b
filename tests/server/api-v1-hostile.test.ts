// The public API under bad input and heavy use, through real HTTP on both databases: a clear 400 naming the
// parameter for every malformed one (hand-picked cases, then seeded random ones: never a 500), 413 and 415 for
// bodies, 405 and 404 for methods and paths, per-key rate limits with their headers; and the OpenAPI document.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/lib/config.ts';
import { backends, signedUpClient, suiteServer } from './helpers.ts';
import { apiCall, createApiKey, type ApiAnswer } from './api-v1-helpers.ts';

const errorOf = (res: ApiAnswer) => (res.body as { error?: { code: string; message: string } } | undefined)?.error;

describe.each(backends)('public API under bad input on %s', (backend) => {
  const srv = suiteServer(backend);

  const keyAndCode = async () => {
    const { client } = await signedUpClient(srv.url);
    const { key } = await createApiKey(client, 'fuzz');
    const made = await apiCall(srv.url, '/api/v1/codes', { key, method: 'POST', json: { name: 'A', content: 'a' } });
    return { key, id: (made.body as { id: string }).id };
  };

  it('answers 400 invalid_request naming the parameter, for every malformed query or path parameter', async () => {
    const { key, id } = await keyAndCode();
    const cases: Array<[string, RegExp]> = [
      ['/api/v1/codes?limit=0', /"limit" must be a whole number from 1 to 100/],
      ['/api/v1/codes?limit=101', /"limit"/],
      ['/api/v1/codes?limit=-1', /"limit"/],
      ['/api/v1/codes?limit=1e2', /"limit"/],
      ['/api/v1/codes?limit=%201', /"limit"/],
      ['/api/v1/codes?limit=2.5', /"limit"/],
      ['/api/v1/codes?limit=', /"limit"/],
      ['/api/v1/codes?offset=abc', /"offset" must be a whole number from 0 to 1000000/],
      ['/api/v1/codes?offset=99999999999999999999', /"offset"/],
      ['/api/v1/codes/not-a-uuid', /"id" must be the id \(a UUID\)/],
      [`/api/v1/codes/${encodeURIComponent("' OR 1=1 --")}`, /"id"/],
      [`/api/v1/codes/${id}x`, /"id"/],
      [`/api/v1/codes/${id}/scans?from=2026-02-30`, /"from" must be a date such as 2026-03-01/],
      [`/api/v1/codes/${id}/scans?to=2026-13-01`, /"to" must be a date/],
      [`/api/v1/codes/${id}/scans?from=1900-01-01&to=1900-01-02`, /"from"/],
      [`/api/v1/codes/${id}/scans?from=2026-03-02&to=2026-03-01`, /"from" must be on or before "to"/],
      [`/api/v1/codes/${id}/scans?from=2025-01-01&to=2026-03-01`, /at most 367 days/],
      [`/api/v1/codes/${id}/scans?tz=Mars/Olympus_Mons`, /"tz" must be an IANA time zone name/],
      [`/api/v1/codes/${id}/scans?tz=${'A'.repeat(5000)}`, /"tz"/],
      [`/api/v1/codes/${id}/scans?format=xml`, /"format" must be json or csv/],
    ];
    for (const [path, message] of cases) {
      const res = await apiCall(srv.url, path, { key });
      expect(res.status, path).toBe(400);
      expect(errorOf(res)?.code, path).toBe('invalid_request');
      expect(errorOf(res)?.message, path).toMatch(message);
    }
  });

  it('answers 400 for bad bodies, 415 for non-JSON, 413 over 64 KiB; nothing is saved', async () => {
    const { key, id } = await keyAndCode();
    const post = (init: Parameters<typeof apiCall>[2]) =>
      apiCall(srv.url, '/api/v1/codes', { key, method: 'POST', ...init });
    const bodies: Array<[unknown, RegExp]> = [
      [{ name: '', content: 'x' }, /"name"/],
      [{ name: 'x'.repeat(201), content: 'x' }, /"name"/],
      [{ name: 'N' }, /"content": is required for a static code/],
      [{ name: 'N', is_dynamic: true }, /"destination": is required for a dynamic code/],
      [{ name: 'N', is_dynamic: true, destination: 'javascript:alert(1)' }, /"destination": /],
      [
        { name: 'N', is_dynamic: true, destination: 'https://example.com:99999/' },
        /"destination": The port must be between 1 and 65535/,
      ],
      [{ name: 'N', content: 'x', design: 'red' }, /"design"/],
      [
        { name: 'N', content: 'x', design: { pad: 'x'.repeat(17_000) } },
        /"design": must be a JSON object of at most 16384 bytes/,
      ],
      [{ name: 'N', content: 'x', status: 'deleted' }, /"status"/],
      [{ name: 'N', content: 'x', user_id: '00000000-0000-0000-0000-000000000000' }, /unknown field "user_id"/],
      [{ name: 'N', content: 'x', slug: 'mine', id: 'x' }, /unknown fields "slug", "id"/],
      [{ name: 'N', content: 'x'.repeat(7090) }, /"content"/],
      [[{ name: 'N', content: 'x' }], /expected object/],
      [null, /expected object/],
    ];
    for (const [json, message] of bodies) {
      const res = await post({ json });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(errorOf(res)?.code).toBe('invalid_request');
      expect(errorOf(res)?.message, JSON.stringify(json).slice(0, 80)).toMatch(message);
    }
    const broken = await post({ body: '{"name": ', headers: { 'Content-Type': 'application/json' } });
    expect([broken.status, errorOf(broken)?.code]).toEqual([400, 'invalid_json']);
    const text = await post({ body: 'name=x', headers: { 'Content-Type': 'text/plain' } });
    expect([text.status, errorOf(text)?.code]).toEqual([415, 'unsupported_media_type']);
    const huge = await post({ json: { name: 'N', content: 'x', design: { pad: 'x'.repeat(70_000) } } });
    expect([huge.status, errorOf(huge)?.code]).toEqual([413, 'payload_too_large']);
    const emptyPatch = await apiCall(srv.url, `/api/v1/codes/${id}`, { key, method: 'PATCH', json: {} });
    expect([emptyPatch.status, errorOf(emptyPatch)?.message]).toEqual([400, 'send at least one field to change']);
    // A rule across fields of the stored row: a dynamic code keeps a destination.
    const dynamic = await post({ json: { name: 'D', is_dynamic: true, destination: 'https://example.com/d' } });
    const dynamicId = (dynamic.body as { id: string }).id;
    const cleared = await apiCall(srv.url, `/api/v1/codes/${dynamicId}`, {
      key,
      method: 'PATCH',
      json: { destination: null },
    });
    expect([cleared.status, errorOf(cleared)?.message]).toEqual([400, '"destination": is required for a dynamic code']);
    const list = await apiCall(srv.url, '/api/v1/codes', { key });
    expect((list.body as { pagination: { total: number } }).pagination.total).toBe(2);
  });

  it('answers 400 naming the field for NUL characters, deep designs and days Postgres cannot hold (no 500)', async () => {
    const { key, id } = await keyAndCode();
    // As text: JSON.stringify itself runs out of stack on a value 5,000 levels deep.
    const nested = (depth: number) => `${'{"d":'.repeat(depth - 1)}{"leaf":1}${'}'.repeat(depth - 1)}`;
    const bodies: Array<[string, string, RegExp]> = [
      ['NUL in name', '{"name":"a\\u0000b","content":"x"}', /"name": must not contain NUL characters/],
      ['NUL in content', '{"name":"N","content":"x\\u0000"}', /"content": must not contain NUL characters/],
      ['NUL in type', '{"name":"N","type":"U\\u0000RL","content":"x"}', /"type": must not contain NUL characters/],
      ['NUL in a design value', '{"name":"N","content":"x","design":{"a":"\\u0000"}}', /"design": must not contain/],
      ['NUL in a design key', '{"name":"N","content":"x","design":{"a\\u0000":1}}', /"design": must not contain/],
      ['design 5,000 levels deep', `{"name":"N","content":"x","design":${nested(5000)}}`, /"design": .*64 levels/],
      ['design 65 levels deep', `{"name":"N","content":"x","design":${nested(65)}}`, /"design": .*64 levels/],
    ];
    const send = (path: string, method: string, body: string) =>
      apiCall(srv.url, path, { key, method, body, headers: { 'Content-Type': 'application/json' } });
    for (const [what, body, message] of bodies) {
      const res = await send('/api/v1/codes', 'POST', body);
      expect([res.status, errorOf(res)?.code], what).toEqual([400, 'invalid_request']);
      expect(errorOf(res)?.message, what).toMatch(message);
      const patch = await send(`/api/v1/codes/${id}`, 'PATCH', body);
      expect([patch.status, errorOf(patch)?.code], `PATCH ${what}`).toEqual([400, 'invalid_request']);
    }
    // 64 levels is within the cap, as on /rest/v1.
    const deepest = await send('/api/v1/codes', 'POST', `{"name":"N","content":"x","design":${nested(64)}}`);
    expect(deepest.status).toBe(201);

    for (const range of [
      'from=9999-01-01&to=9999-12-31',
      'from=9999-12-31&to=9999-12-31',
      'from=9999-12-31&to=9999-12-31&format=csv',
      'to=9999-12-31&tz=Pacific/Kiritimati',
    ]) {
      const res = await apiCall(srv.url, `/api/v1/codes/${id}/scans?${range}`, { key });
      expect([res.status, errorOf(res)?.code], range).toEqual([400, 'invalid_request']);
      expect(errorOf(res)?.message, range).toMatch(/"to" must be on or before 9999-12-30/);
    }
    const latest = await apiCall(srv.url, `/api/v1/codes/${id}/scans?from=9999-12-01&to=9999-12-30&tz=Etc/GMT%2B12`, {
      key,
    });
    expect(latest.status).toBe(200);
    expect(srv.logs.filter((line) => line.startsWith('api/v1'))).toEqual([]);
  });

  it('answers 405 with Allow for other methods and a JSON 404 for other paths', async () => {
    const { key, id } = await keyAndCode();
    const put = await apiCall(srv.url, `/api/v1/codes/${id}`, { key, method: 'PUT', json: { name: 'x' } });
    expect([put.status, errorOf(put)?.code, put.headers.get('allow')]).toEqual([
      405,
      'method_not_allowed',
      'GET, PATCH, DELETE',
    ]);
    const del = await apiCall(srv.url, '/api/v1/codes', { key, method: 'DELETE' });
    expect([del.status, del.headers.get('allow')]).toEqual([405, 'GET, POST']);
    const other = await apiCall(srv.url, '/api/v1/qr-codes', { key });
    expect([other.status, errorOf(other)?.code]).toEqual([404, 'not_found']);
  });

  it('never answers 500 to random parameters and bodies (seeded)', async () => {
    const { key, id } = await keyAndCode();
    const junk = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.constantFrom('-1', '0', '1e309', 'NaN', 'null', '%00', '../', "'", '2026-02-29', '9999-12-31', 'Etc/GMT+14'),
    );
    const requests = fc.oneof(
      fc.record({ limit: junk, offset: junk }).map((q) => ({ path: `/api/v1/codes?${new URLSearchParams(q)}` })),
      junk.map((s) => ({ path: `/api/v1/codes/${encodeURIComponent(s)}` })),
      fc
        .record({ from: junk, to: junk, tz: junk, format: fc.constantFrom('json', 'csv', 'x') })
        .map((q) => ({ path: `/api/v1/codes/${id}/scans?${new URLSearchParams(q)}` })),
      fc
        .record(
          {
            data: junk,
            format: fc.constantFrom('svg', 'png', 'pdf', 'eps'),
            size: fc.oneof(junk, fc.constantFrom('35', '36', '64', '4096', '4097', '5669', '5670')),
            ecl: junk,
            shape: junk,
            fg: junk,
            frame: junk,
            frameText: junk,
          },
          { requiredKeys: [] },
        )
        .map((q) => ({ path: `/api/v1/qr?${new URLSearchParams(q)}` })),
      fc.jsonValue({ maxDepth: 3 }).map((json) => ({ path: '/api/v1/codes', method: 'POST', json })),
      fc
        .record(
          { name: junk, content: junk, destination: junk, is_dynamic: fc.boolean(), status: junk },
          { requiredKeys: [] },
        )
        .map((json) => ({ path: `/api/v1/codes/${id}`, method: 'PATCH', json })),
    );
    const seed = Number(process.env.API_FUZZ_SEED ?? 20261124);
    const samples: Array<{ path: string; method?: string; json?: unknown }> = fc.sample(requests, {
      seed,
      numRuns: 150,
    });
    for (const { path, ...init } of samples) {
      const what = `${init.method ?? 'GET'} ${path} (seed ${seed})`;
      // Under heavy load a reused keep-alive socket was reset twice in six runs once PNG renders joined the mix (on
      // plain 404 paths). Likely the keep-alive race: the server closes an idle socket as the client reuses it, and
      // painting a large PNG delays the server's timers. One retry on a reset; a status is never retried.
      const send = () => apiCall(srv.url, path, { key, ...init });
      const res = await send()
        .catch((err: unknown) => {
          if ((err as { cause?: { code?: string } }).cause?.code === 'ECONNRESET') return send();
          throw err;
        })
        .catch((err: unknown) => {
          throw new Error(`${what}: ${String(err)} (${String((err as { cause?: unknown }).cause)})`);
        });
      expect(res.status, what).toBeLessThan(500);
      if (res.status >= 400) expect(errorOf(res)?.code, path).toMatch(/^[a-z_]+$/);
    }
    expect(srv.logs.filter((line) => line.startsWith('api/v1'))).toEqual([]);
  });
});

describe.each(backends)('public API limits and document on %s', (backend) => {
  const srv = suiteServer(backend, {
    rateLimits: { ...loadConfig({}).rateLimits, enabled: true, rest: { burst: 3, perMinute: 1 } },
  });

  it('limits each key with RateLimit headers and 429 + Retry-After; another key has its own bucket', async () => {
    const { client } = await signedUpClient(srv.url);
    const first = await createApiKey(client, 'one');
    const second = await createApiKey(client, 'two');
    const seen: Array<[number, string | null, string | null]> = [];
    for (let i = 0; i < 4; i++) {
      const res = await apiCall(srv.url, '/api/v1/codes', { key: first.key });
      seen.push([res.status, res.headers.get('ratelimit-limit'), res.headers.get('ratelimit-remaining')]);
    }
    expect(seen).toEqual([
      [200, '3', '2'],
      [200, '3', '1'],
      [200, '3', '0'],
      [429, '3', '0'],
    ]);
    const limited = await apiCall(srv.url, '/api/v1/codes', { key: first.key });
    expect(errorOf(limited)?.code).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.headers.get('ratelimit-reset')).toBe('180');
    expect((await apiCall(srv.url, '/api/v1/codes', { key: second.key })).status).toBe(200);
    srv.clock.advance(60);
    expect((await apiCall(srv.url, '/api/v1/codes', { key: first.key })).status).toBe(200);
  });

  it('serves an OpenAPI 3.1 document with every route, object schemas and resolvable references', async () => {
    const res = await apiCall(srv.url, '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as {
      openapi: string;
      servers: Array<{ url: string }>;
      paths: Record<string, Record<string, { parameters?: unknown[]; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { type?: string }>; securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: `${srv.url}/api/v1` }]);
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        'DELETE /codes/{id}',
        'GET /codes',
        'GET /codes/{id}',
        'GET /codes/{id}/scans',
        'PATCH /codes/{id}',
        'GET /qr',
        'POST /codes',
      ].sort(),
    );
    for (const name of ['Code', 'CodeCreate', 'CodePatch', 'CodeList', 'ScanStats', 'Error']) {
      expect(doc.components.schemas[name]?.type, name).toBe('object');
    }
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearerKey', 'headerKey']);
    // Every $ref points at a schema the document defines.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(5);
    for (const ref of refs) expect(doc.components.schemas[ref], ref).toBeDefined();
    const list = doc.paths['/codes']!.get!;
    expect(list.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'limit', in: 'query' }),
        expect.objectContaining({ name: 'offset', in: 'query' }),
      ]),
    );
    expect(Object.keys(doc.paths['/codes']!.post!.responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '403',
      '413',
      '415',
      '429',
    ]);
  });

  it('serves the reference page without any external script', async () => {
    const res = await apiCall(srv.url, '/api/v1/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('<label for="api-key">');
    expect(res.text).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet/);
  });
});
