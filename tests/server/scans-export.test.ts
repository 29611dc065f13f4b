// The scans export (/functions/v1/scans-export) through real HTTP on a real database, on PGlite and (with
// DATABASE_URL) PostgreSQL: the CSV equals a raw SQL query of the seeded scans (parsed back with an RFC 4180
// parser written here, not the exporter's own code), awkward code names survive quoting, RLS keeps other users'
// codes and scans out, bad input gets 400 and bad tokens 401. The Edge Function's supabase-js session gives the
// same bytes through the local Data API, with pages of two rows so every keyset step (ties included) is taken.
// And a 200,000-row export read slowly must not grow the server's heap with the row count.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET } from '../../server/lib/config.ts';
import { createScansExportHandler } from '../../src/shared/handlers/scans-export/handler.ts';
import { supabaseExportSession } from '../../src/shared/handlers/scans-export/supabase-source.ts';
import { backends, signedUpClient, suiteServer } from './helpers.ts';
import { debugLog } from '../helpers/debug.ts';

const AWKWARD = 'Menu, "Spring" 2026\r\nsecond line; ünïcödé, ✓';
const FROM = '2026-03-01T00:00:00Z';
const TO = '2026-03-31T00:00:00Z';
const HEADER = ['scanned_at', 'code_name', 'slug', 'country', 'device_type', 'os', 'browser', 'unique'];

/** RFC 4180, strictly: quoted fields with doubled quotes, CRLF after every record. Throws on anything else. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) throw new Error('unterminated quoted field');
        field += text.slice(i, q);
        if (text[q + 1] === '"') {
          field += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
    } else {
      const end = text.slice(i).search(/[,\r"]/);
      const stop = end < 0 ? text.length : i + end;
      if (text[stop] === '"') throw new Error(`a quote inside an unquoted field at ${stop}`);
      field = text.slice(i, stop);
      i = stop;
    }
    record.push(field);
    if (text[i] === ',') {
      i += 1;
    } else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else {
      throw new Error(`expected , or CRLF at ${i}`);
    }
  }
  if (record.length > 0) throw new Error('the last record has no CRLF');
  return records;
}

/** Microseconds since the epoch of the CSV's `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
function micros(iso: string): bigint {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.(\d{6})Z$/.exec(iso);
  if (!m) throw new Error(`not the export's instant format: ${iso}`);
  return BigInt(Date.parse(`${m[1]}Z`)) * 1000n + BigInt(m[2]!);
}

interface Scan {
  at: string;
  country: string | null;
  device: string;
  os: string | null;
  browser: string | null;
  unique: boolean;
}

const scan = (at: string, country: string | null, device = 'mobile', unique = false): Scan => ({
  at,
  country,
  device,
  os: country ? 'iOS' : null,
  browser: country ? 'Mobile Safari' : null,
  unique,
});

const ROOT = new URL('../..', import.meta.url).pathname;
const DENO_DIR = join(ROOT, 'node_modules/.cache/deno');

/**
 * supabase/functions/scans-export/index.ts under Deno, as Supabase runs it (SUPABASE_URL and SUPABASE_ANON_KEY
 * from the platform; here the local server), on a free loopback port. A first run fetches supabase-js into the
 * shared npm cache (node_modules/.cache/deno), as the redirect's edge-function test does.
 */
async function startEdgeFunction(supabaseUrl: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(
    join(ROOT, 'node_modules/.bin/deno'),
    ['run', '--no-prompt', '--allow-net=127.0.0.1', '--allow-env', 'index.ts'],
    {
      cwd: join(ROOT, 'supabase/functions/scans-export'),
      env: {
        ...process.env,
        DENO_DIR,
        DENO_NO_UPDATE_CHECK: '1',
        NO_COLOR: '1',
        SUPABASE_URL: supabaseUrl,
        SUPABASE_ANON_KEY: DEMO_ANON_KEY,
        PORT: '0',
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const m = /listening on (http:\/\/[^/\s]+)\//.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`deno exited (${code}) before listening:\n${out}`)));
  });
  return { url, stop: () => void child.kill() };
}

/** Full GC, so heap samples measure what is still referenced. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe.each(backends)('scans export on %s', (backend) => {
  const srv = suiteServer(backend);
  const endpoint = () => `${srv.url}/functions/v1/scans-export`;
  let owner: { client: SupabaseClient; id: string; token: string };
  let other: { client: SupabaseClient; id: string; token: string };
  const codes: Record<'awkward' | 'plain' | 'static' | 'theirs', { id: string; slug: string }> = {} as never;

  const createCode = async (client: SupabaseClient, name: string, dynamic = true) => {
    const { data, error } = await client
      .from('qr_codes')
      .insert(dynamic ? { name, destination: 'https://example.com/', is_dynamic: true } : { name })
      .select('id, slug')
      .single();
    if (error) throw new Error(error.message);
    return data as { id: string; slug: string };
  };

  const insertScans = async (codeId: string, scans: Scan[]) => {
    const values: unknown[] = [];
    const rows = scans.map((s, n) => {
      values.push(codeId, s.at, s.country, s.device, s.os, s.browser, s.unique);
      const b = n * 7;
      return `($${b + 1}::uuid, $${b + 2}::timestamptz, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7})`;
    });
    await srv.server.db.query(
      `INSERT INTO public.scan_events (qr_code_id, scanned_at, country, device_type, os, browser, is_unique)
       VALUES ${rows.join(', ')}`,
      values,
    );
  };

  /** The expected records, straight from the tables (as the superuser: no RLS, the owner filter is explicit). */
  const expectedRows = async (userId: string, from: string, to: string, codeId: string | null = null) => {
    const rows = await srv.server.db.query<Record<string, string | boolean | null>>(
      `SELECT (extract(epoch FROM e.scanned_at) * 1000000)::bigint::text AS micros, c.name, c.slug,
              e.country::text AS country, e.device_type, e.os, e.browser, e.is_unique
         FROM public.scan_events e JOIN public.qr_codes c ON c.id = e.qr_code_id
        WHERE c.user_id = $1::uuid AND e.scanned_at >= $2::timestamptz AND e.scanned_at < $3::timestamptz
          AND ($4::uuid IS NULL OR c.id = $4::uuid)
        ORDER BY c.created_at, c.id, e.scanned_at, e.id`,
      [userId, from, to, codeId],
    );
    return rows.map((r) => [
      r.micros,
      r.name,
      r.slug,
      r.country ?? '',
      r.device_type,
      r.os ?? '',
      r.browser ?? '',
      String(r.is_unique),
    ]);
  };

  /** The export's records with the instant as epoch microseconds, to compare with expectedRows. */
  const comparable = (csv: string) => {
    const [header, ...records] = parseCsv(csv);
    expect(header).toEqual(HEADER);
    return records.map(([at, ...rest]) => [micros(at!).toString(), ...rest]);
  };

  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(endpoint(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields),
    });

  const refusal = async (res: Response) => ({
    status: res.status,
    body: (await res.json()) as { code: string; message: string },
  });

  beforeAll(async () => {
    const a = await signedUpClient(srv.url);
    const b = await signedUpClient(srv.url);
    owner = { client: a.client, id: a.user.id, token: a.session.access_token };
    other = { client: b.client, id: b.user.id, token: b.session.access_token };
    codes.awkward = await createCode(owner.client, AWKWARD);
    codes.plain = await createCode(owner.client, 'Plain');
    codes.static = await createCode(owner.client, 'Static, never scanned', false);
    codes.theirs = await createCode(other.client, 'Theirs');
    await insertScans(codes.awkward.id, [
      scan('2026-02-28T23:59:59.999999Z', 'US'), // before the range
      scan(FROM, 'DE', 'desktop', true), // the first instant of the range: in
      scan('2026-03-01T10:00:00.123456Z', 'GB', 'mobile', true), // three scans at one instant: ordered by id
      scan('2026-03-01T10:00:00.123456Z', null, 'tablet'),
      scan('2026-03-01T10:00:00.123456Z', 'NP', 'other'),
      scan('2026-03-05T12:00:00.5Z', null, 'desktop', true),
      scan('2026-03-30T23:59:59.999999Z', 'IN'),
      scan(TO, 'US'), // the end is exclusive: out
    ]);
    await insertScans(codes.plain.id, [
      scan('2026-03-02T08:30:00Z', 'FR', 'mobile', true),
      scan('2026-03-01T09:00:00.000001Z', 'ES'),
      scan('2026-03-02T08:30:00Z', 'FR'),
    ]);
    await insertScans(codes.theirs.id, [scan('2026-03-03T00:00:00Z', 'JP', 'mobile', true)]);
  });

  it('exports every scan of all my codes in the range, exactly as stored, as an attachment', async () => {
    const res = await post({ access_token: owner.token, from: FROM, to: TO });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="qrcraft-scans-all-2026-03-01-2026-03-30.csv"',
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const rows = comparable(text);
    expect(rows).toEqual(await expectedRows(owner.id, FROM, TO));
    expect(rows).toHaveLength(9); // 6 of the awkward code, 3 of the plain one, none of the static code
    // Exactly what a spreadsheet shows: microseconds in UTC, booleans as words, unknown values empty.
    expect(text.slice(text.indexOf('\r\n') + 2)).toMatch(
      new RegExp(
        `^2026-03-01T00:00:00\\.000000Z,"Menu, ""Spring"" 2026\r\nsecond line; ünïcödé, ✓",${codes.awkward.slug},DE,desktop,iOS,Mobile Safari,true\r\n`,
      ),
    );
    expect(text).toContain(
      `2026-03-05T12:00:00.500000Z,"${AWKWARD.replaceAll('"', '""')}",${codes.awkward.slug},,desktop,,,true\r\n`,
    );
  });

  it('exports one code, named after its slug and the local days of the range', async () => {
    // 2026-03-01 00:00 to 2026-03-31 00:00 in Kathmandu (UTC+05:45).
    const from = '2026-03-01T00:00:00+05:45';
    const to = '2026-03-31T00:00:00+05:45';
    const res = await post({ access_token: owner.token, from, to, code: codes.plain.id, tz: 'Asia/Kathmandu' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="qrcraft-scans-${codes.plain.slug}-2026-03-01-2026-03-30.csv"`,
    );
    const rows = comparable(await res.text());
    expect(rows).toEqual(await expectedRows(owner.id, from, to, codes.plain.id));
    expect(rows.map((r) => r[2])).toEqual([codes.plain.slug, codes.plain.slug, codes.plain.slug]);
  });

  it('takes the token from the Authorization header too, on GET, and answers an empty range with the header row', async () => {
    const query = new URLSearchParams({ from: '2020-01-01T00:00:00Z', to: '2020-02-01T00:00:00Z' });
    const res = await fetch(`${endpoint()}?${query}`, { headers: { Authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(`${HEADER.join(',')}\r\n`);
  });

  it("keeps other users' codes and scans out (RLS)", async () => {
    const theirs = await refusal(await post({ access_token: owner.token, from: FROM, to: TO, code: codes.theirs.id }));
    expect(theirs).toEqual({ status: 404, body: { code: 'code_not_found', message: expect.any(String) } });
    const all = await post({ access_token: other.token, from: FROM, to: TO });
    const rows = comparable(await all.text());
    expect(rows).toEqual(await expectedRows(other.id, FROM, TO));
    expect(rows.map((r) => r[1])).toEqual(['Theirs']);
    const mine = await post({ access_token: other.token, from: FROM, to: TO, code: codes.awkward.id });
    expect(mine.status).toBe(404);
  });

  it('refuses bad input with 400 and a message that says what to send', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ to: TO }, 'missing_range'],
      [{ from: FROM }, 'missing_range'],
      [{ from: '2026-03-01', to: TO }, 'bad_range'], // no time and no offset: whose midnight?
      [{ from: '2026-03-01T00:00:00', to: TO }, 'bad_range'],
      [{ from: '2026-02-30T00:00:00Z', to: TO }, 'bad_range'],
      [{ from: TO, to: FROM }, 'bad_range'],
      [{ from: FROM, to: FROM }, 'bad_range'],
      [{ from: FROM, to: TO, code: 'not-a-uuid' }, 'bad_code'],
      [{ from: FROM, to: TO, tz: 'Mars/Olympus_Mons' }, 'bad_time_zone'],
    ];
    for (const [fields, code] of cases) {
      const { status, body } = await refusal(await post({ access_token: owner.token, ...fields }));
      expect({ fields, status, code: body.code }).toEqual({ fields, status: 400, code });
      expect(body.message.length).toBeGreaterThan(10);
    }
    const inUrl = new URLSearchParams({ access_token: owner.token, from: FROM, to: TO });
    expect((await refusal(await fetch(`${endpoint()}?${inUrl}`))).body.code).toBe('token_in_url');
    const json = await fetch(endpoint(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ from: FROM, to: TO }),
    });
    expect(json.status).toBe(415);
  });

  it('refuses instants Postgres cannot hold with 400 before any byte of the file: year 0000, offsets past ±15:59', async () => {
    for (const [from, to] of [
      ['0000-01-01T00:00:00Z', TO],
      ['0000-12-31T23:59:59.999999Z', TO],
      [FROM, '2026-04-01T00:00:00+16:00'],
      ['2026-02-01T00:00:00-23:59', TO],
    ] as const) {
      const res = await post({ access_token: owner.token, from, to });
      const { status, body } = await refusal(res);
      expect({ from, to, status, code: body.code }).toEqual({ from, to, status: 400, code: 'bad_range' });
      expect(body.message).toMatch(/years 0001 to 9999|offset/);
    }
    // The widest range Postgres takes is exported whole.
    const widest = await post({
      access_token: owner.token,
      from: '0001-01-01T00:00:00+15:59',
      to: '9999-12-31T23:59:59-15:59',
    });
    expect(widest.status).toBe(200);
    expect(comparable(await widest.text())).toEqual(
      await expectedRows(owner.id, '0001-01-01T00:00:00+15:59', '9999-12-31T23:59:59-15:59'),
    );
  });

  it('answers 401 without a valid, unexpired token of a signed-in user', async () => {
    const forged = await new SignJWT({ sub: owner.id, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const expired = await new SignJWT({ sub: owner.id, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(srv.clock.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(srv.clock.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(DEMO_JWT_SECRET));
    for (const token of ['', 'garbage', forged, expired, DEMO_ANON_KEY]) {
      const res = await post({ access_token: token, from: FROM, to: TO });
      expect({ token, status: res.status }).toEqual({ token, status: 401 });
    }
    const res = await post({ from: FROM, to: TO }, { Authorization: 'Bearer garbage' });
    expect((await refusal(res)).body.code).toBe('bad_jwt');
  });

  it('answers 401, not 500, to a validly signed token whose claims the database cannot take (fuzz finding)', async () => {
    const signed = (claims: Record<string, unknown>) =>
      new SignJWT({ role: 'authenticated', ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(Math.floor(srv.clock.now() / 1000) + 3600)
        .sign(new TextEncoder().encode(DEMO_JWT_SECRET));
    const tokens = {
      'NUL in sub, lone surrogate in email': await signed({ sub: 'a\u0000b', email: '\ud800' }),
      'NUL in email': await signed({ sub: owner.id, email: 'a\u0000b' }),
      'lone surrogate in a key': await signed({ sub: owner.id, user_metadata: { '\udc00': 1 } }),
      'sub not a UUID': await signed({ sub: 'not-a-uuid' }),
    };
    for (const [what, token] of Object.entries(tokens)) {
      for (const res of [
        await post({ access_token: token, from: FROM, to: TO }),
        await fetch(`${endpoint()}?from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`, {
          headers: { Authorization: `Bearer ${token}` },
        }),
      ]) {
        expect({ what, status: res.status }).toEqual({ what, status: 401 });
        expect((await refusal(res)).body.code).toBe('bad_jwt');
      }
    }
  });

  it("gives the same bytes through the Edge Function's supabase-js session, page by page", async () => {
    const local = await (await post({ access_token: owner.token, from: FROM, to: TO })).text();
    const handler = createScansExportHandler({
      openSession: async (token) =>
        supabaseExportSession(
          createClient(srv.url, DEMO_ANON_KEY, {
            global: { headers: { Authorization: `Bearer ${token}` } },
            auth: { persistSession: false, autoRefreshToken: false },
            realtime: { transport: WebSocket as never },
          }),
        ),
      // Two rows a page: the tie of three scans at one instant spans a page boundary.
      pageSize: 2,
    });
    const res = await handler(
      new Request('http://edge.test/functions/v1/scans-export', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ access_token: owner.token, from: FROM, to: TO }),
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(local);
  });

  it("exports a feedback page's answers (kind=feedback) newest first, the same through supabase-js, to its owner only", async () => {
    const { data, error } = await owner.client
      .from('qr_codes')
      .insert({
        name: 'Feedback',
        is_dynamic: true,
        page: {
          v: 1,
          type: 'feedback',
          title: 'Rate us',
          ratingQuestion: 'How was it?',
          askComment: true,
          askEmail: true,
        },
      })
      .select('id, slug')
      .single();
    expect(error).toBeNull();
    const code = data as { id: string; slug: string };
    // Stored as the database function would (it is the only writer): five answers, one with every awkward character.
    await srv.server.db.query(
      `INSERT INTO public.feedback_responses (qr_code_id, submitted_at, rating, comment, email)
       SELECT $1::uuid, timestamptz '2026-03-01T10:00:00Z' + n * interval '1 minute', 1 + n % 5,
              CASE WHEN n = 2 THEN $2 END, CASE WHEN n = 3 THEN 'a@b.example' END
         FROM generate_series(0, 4) n`,
      [code.id, AWKWARD],
    );
    const res = await post({ access_token: owner.token, kind: 'feedback', code: code.id });
    expect([res.status, res.headers.get('content-disposition')]).toEqual([
      200,
      `attachment; filename="qrcraft-feedback-${code.slug}.csv"`,
    ]);
    const text = await res.text();
    const [header, ...records] = parseCsv(text);
    expect(header).toEqual(['submitted_at', 'rating', 'choice', 'comment', 'email']);
    expect(records).toEqual(
      [4, 3, 2, 1, 0].map((n) => [
        `2026-03-01T10:0${n}:00.000000Z`,
        String(1 + (n % 5)),
        '',
        n === 2 ? AWKWARD : '',
        n === 3 ? 'a@b.example' : '',
      ]),
    );
    // The Edge Function's session, two rows a page, gives the same bytes.
    const handler = createScansExportHandler({
      openSession: async (token) =>
        supabaseExportSession(
          createClient(srv.url, DEMO_ANON_KEY, {
            global: { headers: { Authorization: `Bearer ${token}` } },
            auth: { persistSession: false, autoRefreshToken: false },
            realtime: { transport: WebSocket as never },
          }),
        ),
      pageSize: 2,
    });
    const edge = await handler(
      new Request('http://edge.test/functions/v1/scans-export', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ access_token: owner.token, kind: 'feedback', code: code.id }),
      }),
    );
    expect(await edge.text()).toBe(text);
    // Another user: not found; no code or a bad kind: 400.
    expect((await refusal(await post({ access_token: other.token, kind: 'feedback', code: code.id }))).status).toBe(
      404,
    );
    expect((await refusal(await post({ access_token: owner.token, kind: 'feedback' }))).body.code).toBe('bad_code');
    expect((await refusal(await post({ access_token: owner.token, kind: 'answers', code: code.id }))).body.code).toBe(
      'bad_kind',
    );
  });

  it('runs as the Edge Function under Deno with the same bytes, 401 and 404', { timeout: 300_000 }, async () => {
    const edge = await startEdgeFunction(srv.url);
    try {
      const fields = { access_token: owner.token, from: FROM, to: TO };
      const local = await post(fields);
      const res = await fetch(edge.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(local.headers.get('content-disposition'));
      expect(await res.text()).toBe(await local.text());
      const refused = async (extra: Record<string, string>) =>
        (
          await fetch(edge.url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ ...fields, ...extra }),
          })
        ).status;
      expect(await refused({ access_token: 'garbage' })).toBe(401);
      expect(await refused({ access_token: DEMO_ANON_KEY })).toBe(401);
      expect(await refused({ code: codes.theirs.id })).toBe(404);
      expect(await refused({ to: FROM })).toBe(400);
    } finally {
      edge.stop();
    }
  });

  it(
    'streams 200,000 scans read slowly without the server heap growing with the row count',
    { timeout: 300_000 },
    async () => {
      const gc = collector();
      const bulk = await signedUpClient(srv.url);
      const code = await createCode(bulk.client, 'Bulk');
      const ROWS = 200_000;
      // Seven scans share each instant, so ties straddle the 5,000-row page boundaries. The export reads the raw
      // scans, not the rollups, so their triggers are off for this fixture (they took 23-44 s of the insert).
      await srv.server.db.transaction(async (tx) => {
        await tx.query(`SET LOCAL session_replication_role = replica`);
        await tx.query(
          `INSERT INTO public.scan_events (qr_code_id, scanned_at, country, device_type, os, browser, is_unique)
       SELECT $1::uuid, timestamptz '2026-01-01T00:00:00Z' + (g / 7) * interval '1 second',
              (ARRAY['US', 'DE', NULL])[1 + g % 3], (ARRAY['mobile', 'desktop', 'tablet', 'other'])[1 + g % 4],
              'iOS', 'Mobile Safari', g % 2 = 0
         FROM generate_series(0, $2::int - 1) g`,
          [code.id, ROWS],
        );
      });
      // PGlite runs in this process: the long insert kept the event loop busy past the server's keep-alive
      // timeout. Its expired timers close the idle sockets now; a request sent on one of them fails. Once one goes
      // through, they are closed and the exports below get fresh connections.
      await vi.waitFor(async () => expect((await fetch(`${srv.url}/auth/v1/health`)).status).toBe(200), {
        timeout: 10_000,
      });
      // The server runs in this process: its heap plus the ArrayBuffers (encoded CSV chunks) it holds.
      const used = () => {
        gc();
        const m = process.memoryUsage();
        return m.heapUsed + m.arrayBuffers;
      };
      // One short export first (an hour, about 25,000 rows): the database reaches its working size (PGlite's
      // WebAssembly memory grows in steps and counts in arrayBuffers), so what follows measures the streaming.
      const warmUp = await post({
        access_token: bulk.session.access_token,
        from: '2026-01-01T00:00:00Z',
        to: '2026-01-01T01:00:00Z',
      });
      expect(warmUp.status).toBe(200);
      await warmUp.arrayBuffer();
      const baseline = used();
      let peak = 0;
      const sample = () => {
        const growth = used() - baseline;
        peak = Math.max(peak, growth);
        return growth;
      };
      const res = await post({
        access_token: bulk.session.access_token,
        from: '2026-01-01T00:00:00Z',
        to: '2026-02-01T00:00:00Z',
      });
      expect({ status: res.status, logs: srv.logs }).toEqual({ status: 200, logs: [] });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let chunks = 0;
      let lines = 0;
      let uniques = 0;
      let previous = '';
      let pending = '';
      const take = (value: Uint8Array) => {
        chunks += 1;
        pending += decoder.decode(value, { stream: true });
        const complete = pending.lastIndexOf('\r\n');
        if (complete < 0) return;
        for (const line of pending.slice(0, complete).split('\r\n')) {
          lines += 1;
          if (lines === 1) continue;
          const fields = line.split(',');
          // Time order, every row complete.
          expect(fields).toHaveLength(8);
          if (fields[0]! < previous) throw new Error(`out of order: ${fields[0]} after ${previous}`);
          previous = fields[0]!;
          if (fields[7] === 'true') uniques += 1;
        }
        pending = pending.slice(complete + 2);
      };
      // A stalled client: after the first chunk, stop reading until the server's memory stops changing. With
      // backpressure the server stops after a page; a server that read ahead would hold the whole export by then.
      const first = await reader.read();
      take(first.value!);
      let last = sample();
      for (let i = 0; i < 120; i++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const now = sample();
        if (i >= 2 && Math.abs(now - last) < 256 * 1024) break;
        last = now;
      }
      const stalled = peak;
      // Then a slow reader to the end.
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        take(value);
        if (chunks % 20 === 0) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          sample();
        }
      }
      expect(pending).toBe('');
      expect(lines).toBe(ROWS + 1);
      expect(uniques).toBe(ROWS / 2);
      expect(chunks).toBeGreaterThan(100);
      // The CSV alone is ~17 MB, and a server reading ahead held 12 MB here. What stays is about one page (5,000 rows
      // as objects, ~0.5 MB of CSV) plus socket buffers: 0-1.7 MB on a quiet machine, 5.0 MB once in CI on PGlite,
      // whose WebAssembly memory counts in arrayBuffers and may grow by a step while it answers a page.
      const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`;
      debugLog(
        `scans export: ${ROWS} rows in ${chunks} chunks; memory growth stalled ${mb(stalled)}, peak ${mb(peak)}`,
      );
      expect(peak).toBeLessThan(8 * 2 ** 20);
    },
  );
});
