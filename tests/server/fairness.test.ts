// Heavy work cannot hold the database for everyone else (issue 36, defect 1; docs/security.md, "Heavy work").
// One account's batch commit or sample data ran as one transaction of seconds on PGlite, which runs one
// statement at a time for every user: other users' requests waited for all of it. Now, on PGlite, such work runs
// in parts of at most WORK_PART_ROWS rows, each its own transaction, and other users' requests run in between;
// per principal, heavy requests have a budget per minute and a cap at once. No timing here: the victim's
// progress is counted in requests answered while the heavy request was still running, and the parts are counted
// in rows per inserting transaction (xmin). PGlite, and PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/lib/config.ts';
import { sampleScansPerPart } from '../../server/rest/bulk-parts.ts';
import {
  api,
  backends,
  makeClient,
  signedUpClient,
  suiteServer,
  suiteStore,
  withServer,
  type BackendName,
} from './helpers.ts';

const defaultApiLimits = (backend: BackendName) =>
  loadConfig({ DATABASE_URL: backend === 'postgres' ? 'postgres://x' : '' }).apiLimits;

const STAGE_CHUNK_ROWS = 200;

function rows(batchId: string, count: number, dynamic = false) {
  return Array.from({ length: count }, (_, i) => ({
    batch_id: batchId,
    position: i + 1,
    name: `Item ${i + 1}`,
    type: 'URL',
    is_dynamic: dynamic,
    content: dynamic ? '' : `https://example.com/item/${i + 1}`,
    destination: dynamic ? `https://example.com/go/${i + 1}` : null,
  }));
}

async function stage(client: SupabaseClient, staged: ReturnType<typeof rows>): Promise<void> {
  for (let i = 0; i < staged.length; i += STAGE_CHUNK_ROWS) {
    const { error } = await client.from('code_batch_rows').insert(staged.slice(i, i + STAGE_CHUNK_ROWS));
    expect(error).toBeNull();
  }
}

/**
 * Runs heavy() and, while it runs, the victim's read in a loop (one at a time, as a user clicking would);
 * resolves with heavy's result and how many reads were answered before it.
 */
async function readsDuring<T>(heavy: () => PromiseLike<T>, read: () => PromiseLike<unknown>) {
  let done = false;
  const result = Promise.resolve(heavy()).finally(() => {
    done = true;
  });
  let answered = 0;
  while (!done) {
    await read();
    if (!done) answered += 1;
  }
  return { result: await result, answered };
}

const count = async (client: SupabaseClient, table: string) => {
  const { count: n, error } = await client.from(table).select('*', { count: 'exact', head: true });
  expect(error).toBeNull();
  return Number(n);
};

describe.each(backends)('heavy work on %s', (backend) => {
  const srv = suiteServer(backend);
  let victim: SupabaseClient;

  beforeAll(async () => {
    victim = (await signedUpClient(srv.url)).client;
  });

  const victimRead = async () => {
    const { error } = await victim.from('qr_codes').select('id,name').limit(5);
    expect(error).toBeNull();
  };

  it("another user's reads are answered while a 4,000-row batch commit runs", async () => {
    const { client: a } = await signedUpClient(srv.url);
    const batch = randomUUID();
    await stage(a, rows(batch, 4000));
    const { result, answered } = await readsDuring(() => a.rpc('commit_code_batch', { p_batch: batch }), victimRead);
    expect(result.error).toBeNull();
    expect((result.data as unknown[]).length).toBe(4000);
    // In one transaction (before issue 36 on PGlite) at most the read already in flight got in.
    expect(answered).toBeGreaterThanOrEqual(3);
  });

  it("another user's reads are answered while sample data loads", async () => {
    const { client: a } = await signedUpClient(srv.url);
    const { result, answered } = await readsDuring(() => a.rpc('load_sample_data'), victimRead);
    expect(result.error).toBeNull();
    expect(answered).toBeGreaterThanOrEqual(3);
  });

  it('sample data and a batch commit are the whole functions’ work, each transaction writing at most WORK_PART_ROWS rows (sample scans: half as many)', async () => {
    const { client: a, user } = await signedUpClient(srv.url);
    const loaded = await a.rpc('load_sample_data');
    expect(loaded.error).toBeNull();
    const perCode = await srv.server.db.query<{ name: string; n: number }>(
      `SELECT c.name, count(e.id)::int AS n FROM public.qr_codes c LEFT JOIN public.scan_events e ON e.qr_code_id = c.id
        WHERE c.user_id = $1 GROUP BY c.name ORDER BY c.name`,
      [user.id],
    );
    expect(perCode).toEqual([
      { name: 'Business Card', n: 456 },
      { name: 'Event Tickets', n: 2890 },
      { name: 'Restaurant Menu', n: 1234 },
    ]);
    const rollups = await srv.server.db.query<{ n: number }>(
      `SELECT coalesce(sum(scans), 0)::int AS n FROM public.scan_rollups WHERE user_id = $1 AND dim = 'all' AND grain = 'day'`,
      [user.id],
    );
    expect(rollups[0]!.n).toBe(1234 + 456 + 2890);
    const scanTx = await srv.server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM public.scan_events e JOIN public.qr_codes c ON c.id = e.qr_code_id
        WHERE c.user_id = $1 GROUP BY e.xmin::text ORDER BY 1 DESC`,
      [user.id],
    );
    const { partRows } = srv.config.apiLimits;
    if (backend === 'pglite') {
      expect(partRows).toBe(100);
      expect(sampleScansPerPart(partRows)).toBe(50);
      expect(Math.max(...scanTx.map((t) => t.n))).toBe(50);
      // 1234, 456 and 2890 scans in parts of 50: 25 + 10 + 58 transactions.
      expect(scanTx.length).toBe(25 + 10 + 58);
    } else {
      // PostgreSQL: one transaction, as on a Supabase project.
      expect(partRows).toBe(0);
      expect(scanTx).toEqual([{ n: 1234 + 456 + 2890 }]);
    }

    await a.from('qr_codes').delete().not('id', 'is', null);
    const batch = randomUUID();
    await stage(a, rows(batch, 1000));
    const committed = await a.rpc('commit_code_batch', { p_batch: batch });
    expect(committed.error).toBeNull();
    const saved = committed.data as { row: number; slug: string }[];
    expect(saved.map((s) => s.row)).toEqual(rows(batch, 1000).map((r) => r.position));
    const codes = await srv.server.db.query<{ slug: string; name: string }>(
      'SELECT slug, name FROM public.qr_codes WHERE user_id = $1',
      [user.id],
    );
    const bySlug = new Map(codes.map((c) => [c.slug, c.name]));
    expect(saved.every(({ row, slug }) => bySlug.get(slug) === `Item ${row}`)).toBe(true);
    const codeTx = await srv.server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM public.qr_codes WHERE user_id = $1 GROUP BY xmin::text',
      [user.id],
    );
    if (backend === 'pglite') expect(codeTx.map((t) => t.n)).toEqual(Array.from({ length: 10 }, () => 100));
    else expect(codeTx.map((t) => t.n)).toEqual([1000]);
    expect(await count(a, 'code_batch_rows')).toBe(0);
    const again = await a.rpc('commit_code_batch', { p_batch: batch });
    expect([again.status, again.error?.code]).toEqual([409, 'PT409']);
  });

  it('the parts can be called directly, and still no staged row is saved twice', async () => {
    const { client: a } = await signedUpClient(srv.url);
    const batch = randomUUID();
    await stage(a, rows(batch, 5));
    const early = await a.rpc('commit_code_batch_part', { p_batch: batch, p_rows: 2 });
    expect([early.status, early.error?.code]).toEqual([404, 'P0002']);
    expect((await a.rpc('commit_code_batch_begin', { p_batch: batch })).data).toBe(5);
    const first = await a.rpc('commit_code_batch_part', { p_batch: batch, p_rows: 2 });
    expect((first.data as { row: number }[]).map((r) => r.row)).toEqual([1, 2]);
    const rest = await a.rpc('commit_code_batch_part', { p_batch: batch, p_rows: 10 });
    expect((rest.data as { row: number }[]).map((r) => r.row)).toEqual([3, 4, 5]);
    const none = await a.rpc('commit_code_batch_part', { p_batch: batch, p_rows: 10 });
    expect(none.data).toEqual([]);
    expect(await count(a, 'qr_codes')).toBe(5);
    expect((await a.rpc('commit_code_batch', { p_batch: batch })).status).toBe(409);
    expect(await count(a, 'qr_codes')).toBe(5);
  });
});

describe.each(backends)('heavy work in parts of 2 rows on %s', (backend) => {
  // Small parts on either backend, so that a refusal falls in a later part than the first.
  const srv = suiteServer(backend, { apiLimits: { ...defaultApiLimits(backend), partRows: 2 } });

  it('a batch refused in its second part saves nothing: its codes go back to staged rows, and it can be retried', async () => {
    const { client: a } = await signedUpClient(srv.url);
    // The free plan allows 3 dynamic codes: row 4, in the second part of two rows, is refused.
    const batch = randomUUID();
    await stage(a, rows(batch, 5, true));
    const refused = await a.rpc('commit_code_batch', { p_batch: batch });
    expect(refused.error?.code).toBe('P0001');
    expect(await count(a, 'qr_codes')).toBe(0);
    expect(await count(a, 'code_batch_rows')).toBe(5);
    expect(await count(a, 'code_batch_commits')).toBe(0);
    // Within the plan it goes through, in row order.
    await a.from('code_batch_rows').delete().gt('position', 3);
    const ok = await a.rpc('commit_code_batch', { p_batch: batch });
    expect(ok.error).toBeNull();
    expect((ok.data as { row: number }[]).map((s) => s.row)).toEqual([1, 2, 3]);
    expect(await count(a, 'code_batch_rows')).toBe(0);
  });
});

/** The owner's figures against the scans left: all-time totals (owner hours) and per code (rollups). */
async function expectFiguresMatchScans(client: SupabaseClient) {
  const { data: codes, error } = await client.from('qr_codes').select('id');
  expect(error).toBeNull();
  const perCode = new Map<string, number>();
  for (const { id } of codes as { id: string }[]) {
    const { count: n, error: e } = await client
      .from('scan_events')
      .select('*', { count: 'exact', head: true })
      .eq('qr_code_id', id);
    expect(e).toBeNull();
    if (Number(n) > 0) perCode.set(id, Number(n));
  }
  const summary = await client.rpc('dashboard_summary');
  expect(summary.error).toBeNull();
  const total = [...perCode.values()].reduce((a, b) => a + b, 0);
  expect((summary.data as { total_scans: number }).total_scans).toBe(total);
  const top = await client.rpc('top_codes', { p_limit: 100 });
  expect(top.error).toBeNull();
  const ranked = (top.data as { id: string; scans: number }[]).filter((c) => Number(c.scans) > 0);
  expect(new Map(ranked.map((c) => [c.id, Number(c.scans)]))).toEqual(perCode);
}

describe.each(backends)('deleting codes in parts of 100 scans on %s', (backend) => {
  const srv = suiteServer(backend, { apiLimits: { ...defaultApiLimits(backend), partRows: 20 } });

  it("another user's reads are answered while a code's scans are deleted, and every figure matches the scans left", async () => {
    const victim = (await signedUpClient(srv.url)).client;
    const { client: a } = await signedUpClient(srv.url);
    expect((await a.rpc('load_sample_data')).error).toBeNull();
    const { data: codes } = await a.from('qr_codes').select('id').order('created_at');
    const [first, second] = codes as { id: string }[];
    const before = await count(a, 'scan_events');
    const { result, answered } = await readsDuring(
      () => a.from('qr_codes').delete().eq('id', first!.id),
      async () => expect((await victim.from('qr_codes').select('id').limit(5)).error).toBeNull(),
    );
    expect(result.error).toBeNull();
    // Whole, the DELETE is one statement: at most the read already in flight gets in.
    expect(answered).toBeGreaterThanOrEqual(3);
    expect(await count(a, 'scan_events')).toBeLessThan(before);
    await expectFiguresMatchScans(a);
    // Through the public API too (one code, DELETE /api/v1/codes/{id}).
    const key = await a.rpc('create_api_key', { p_name: 'delete' });
    const apiKey = (key.data as { key: string }[])[0]!.key;
    const res = await fetch(`${srv.url}/api/v1/codes/${second!.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(res.status).toBe(204);
    await expectFiguresMatchScans(a);
    expect(await count(a, 'qr_codes')).toBe(1);
  });

  it("another user's reads are answered while 1,000 codes are deleted in parts; the answer is the whole DELETE's", async () => {
    const victim = (await signedUpClient(srv.url)).client;
    const { client: a } = await signedUpClient(srv.url);
    const codes = Array.from({ length: 1000 }, (_, i) => ({ name: `Table ${i + 1}`, content: `table ${i + 1}` }));
    // In requests of 200 rows: the data API takes at most 250 rows per request on PGlite.
    for (let i = 0; i < codes.length; i += 200) {
      expect((await a.from('qr_codes').insert(codes.slice(i, i + 200))).error).toBeNull();
    }
    const { result, answered } = await readsDuring(
      () => a.from('qr_codes').delete().like('name', 'Table *'),
      async () => expect((await victim.from('qr_codes').select('id').limit(5)).error).toBeNull(),
    );
    expect(result.error).toBeNull();
    expect(result.status).toBe(204);
    // Whole, the DELETE is one statement: at most the read already in flight gets in.
    expect(answered).toBeGreaterThanOrEqual(3);
    expect(await count(a, 'qr_codes')).toBe(0);
    // Asked for the deleted rows, the DELETE runs whole and lists every one of them.
    expect((await a.from('qr_codes').insert(codes.slice(0, 200))).error).toBeNull();
    const listed = await a.from('qr_codes').delete().like('name', 'Table *').select('id');
    expect(listed.error).toBeNull();
    expect(listed.data).toHaveLength(200);
  });
});

describe.each(backends)('a deletion cut short on %s', (backend) => {
  const store = suiteStore(backend);

  it('codes a stopped server had marked for deletion are deleted at the next start, the figures still right', async () => {
    const { codeId, email, password } = await withServer(store, {}, async (srv) => {
      const { client, email, password } = await signedUpClient(srv.url);
      expect((await client.rpc('load_sample_data')).error).toBeNull();
      const { data } = await client.from('qr_codes').select('id').order('created_at').limit(1);
      const id = (data as { id: string }[])[0]!.id;
      // What the server does before it stops: mark the code, delete part of its scans.
      await srv.server.db.query('INSERT INTO public.code_deletions (qr_code_id) VALUES ($1)', [id]);
      await srv.server.db.query(
        'DELETE FROM public.scan_events WHERE id IN (SELECT id FROM public.scan_events WHERE qr_code_id = $1 LIMIT 100)',
        [id],
      );
      return { codeId: id, email, password };
    });
    await withServer(store, {}, async (srv) => {
      const left = await srv.server.db.query('SELECT 1 FROM public.qr_codes WHERE id = $1', [codeId]);
      expect(left).toHaveLength(0);
      const marks = await srv.server.db.query('SELECT 1 FROM public.code_deletions');
      expect(marks).toHaveLength(0);
      const client = makeClient(srv.url);
      expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
      expect(await count(client, 'qr_codes')).toBe(2);
      await expectFiguresMatchScans(client);
    });
  });
});

describe.each(backends)('the budget of heavy work on %s', (backend) => {
  const srv = suiteServer(backend, {
    rateLimits: { ...loadConfig({}).rateLimits, enabled: true },
    apiLimits: { ...defaultApiLimits(backend), heavyWork: { perMinute: 3, concurrent: 1, queue: 1 } },
  });

  it('a user has 3 heavy requests a minute (HEAVY_WORK_PER_MINUTE here): the fourth is a 429 with Retry-After; others keep theirs', async () => {
    const a = await signedUpClient(srv.url);
    const commit = (token: string) =>
      api(srv.url, '/rest/v1/rpc/commit_code_batch', {
        method: 'POST',
        token,
        body: JSON.stringify({ p_batch: randomUUID() }),
      });
    for (let i = 0; i < 3; i++) expect((await commit(a.session.access_token)).status).toBe(404);
    const refused = await commit(a.session.access_token);
    expect(refused.status).toBe(429);
    // One request comes back every 20 s (3 a minute); the frozen clock has not moved.
    expect(refused.headers.get('retry-after')).toBe('20');
    expect(refused.body).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached: too many heavy requests (sample data, batch commits, exports) this minute',
      details: null,
      hint: 'Retry after 20 s.',
    });
    // Light requests are not heavy work; another user has a budget of its own.
    expect((await a.client.from('qr_codes').select('id')).error).toBeNull();
    const b = await signedUpClient(srv.url);
    expect((await commit(b.session.access_token)).status).toBe(404);
    srv.clock.advance(20);
    expect((await commit(a.session.access_token)).status).toBe(404);
    expect((await commit(a.session.access_token)).status).toBe(429);
  });

  it('one heavy request of a user runs at a time and one waits; more at once are a 429 with Retry-After: 1', async () => {
    const a = await signedUpClient(srv.url);
    const load = () =>
      api(srv.url, '/rest/v1/rpc/load_sample_data', { method: 'POST', token: a.session.access_token, body: '{}' });
    const answers = await Promise.all([load(), load(), load(), load(), load()]);
    const statuses = answers.map((r) => r.status);
    // One loads; one waits for it, then finds codes (400 P0001); those with no place left are refused.
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 400 || s === 429)).toBe(true);
    const busy = answers.find((r) => r.status === 429)!;
    expect(busy.headers.get('retry-after')).toBe('1');
    expect((busy.body as { message: string }).message).toBe('Request rate limit reached: heavy work at once');
  });
});

describe.each(backends)('the scans export as heavy work on %s', (backend) => {
  const srv = suiteServer(backend, {
    rateLimits: { ...loadConfig({}).rateLimits, enabled: true },
    apiLimits: { ...defaultApiLimits(backend), heavyWork: { perMinute: 4, concurrent: 1, queue: 1 } },
  });
  const exportAll = (token: string) =>
    fetch(`${srv.url}/functions/v1/scans-export?from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z`, {
      headers: { Authorization: `Bearer ${token}` },
    });

  it('an export takes one heavy request of the minute and gives its place back when read to the end or cancelled', async () => {
    const a = await signedUpClient(srv.url);
    const token = a.session.access_token;
    expect((await a.client.rpc('load_sample_data')).error).toBeNull(); // 1 of 4
    const whole = await exportAll(token); // 2 of 4
    expect(whole.status).toBe(200);
    expect((await whole.text()).trim().split('\n').length).toBeGreaterThan(4000);
    const cut = await exportAll(token); // 3 of 4
    expect(cut.status).toBe(200);
    const reader = cut.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    // One heavy request at a time: a place that was never given back would keep this commit waiting for good.
    const commit = await api(srv.url, '/rest/v1/rpc/commit_code_batch', {
      method: 'POST',
      token,
      body: JSON.stringify({ p_batch: randomUUID() }),
    }); // 4 of 4
    expect(commit.status).toBe(404);
    const refused = await exportAll(token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      code: 'over_request_rate_limit',
      message: 'Too many heavy requests (exports, sample data, batch commits) this minute',
    });
  });
});
