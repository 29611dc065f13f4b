// Bulk batches (supabase/migrations/20261125000100_code_batches.sql) through supabase-js and the real REST path,
// staged in chunks and committed as the app's saveBatch does: a batch larger than one request's row limit is saved
// whole, in row order; a commit the plan limit refuses saves nothing; staged rows are their owner's alone.
// PGlite, and PostgreSQL with DATABASE_URL.
import { randomBytes, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends, makeClient, serviceRoleKey, signedUpClient, suiteServer } from './helpers.ts';

/** Rows per staging insert, as the app's saveBatch sends them (STAGE_CHUNK_ROWS; that module needs the DOM). */
const STAGE_CHUNK_ROWS = 200;

const DESIGN = { shape: 'dots', fg: '#1A2BB2', bg: '#FFFFFF', frame: 'banner', frameText: 'SCAN ME', ecl: 'Q' };

/** Rows numbered from `from`, as the app stages them (row = the spreadsheet's row number). */
function rows(batchId: string, count: number, dynamic = false, from = 2) {
  return Array.from({ length: count }, (_, i) => ({
    batch_id: batchId,
    position: from + i,
    name: `Item ${from + i}`,
    type: 'URL',
    design: DESIGN,
    is_dynamic: dynamic,
    content: dynamic ? '' : `https://example.com/item/${from + i}`,
    destination: dynamic ? `https://example.com/go/${from + i}` : null,
  }));
}

async function stage(client: SupabaseClient, staged: ReturnType<typeof rows>): Promise<void> {
  for (let i = 0; i < staged.length; i += STAGE_CHUNK_ROWS) {
    const { error } = await client.from('code_batch_rows').insert(staged.slice(i, i + STAGE_CHUNK_ROWS));
    expect(error).toBeNull();
  }
}

const count = async (client: SupabaseClient, table: string) => {
  const { count: n, error } = await client.from(table).select('*', { count: 'exact', head: true });
  expect(error).toBeNull();
  return n;
};

describe.each(backends)('bulk batches on %s', (backend) => {
  const srv = suiteServer(backend);
  let a: SupabaseClient;
  let b: SupabaseClient;

  beforeAll(async () => {
    a = (await signedUpClient(srv.url)).client;
    b = (await signedUpClient(srv.url)).client;
  });

  it('a batch of 1,100 rows (more than one insert may carry on either backend) is saved whole, in row order', async () => {
    const batch = randomUUID();
    // 1,100 > db-max-rows (250 on PGlite, 1,000 on PostgreSQL): one plain insert would be refused.
    const staged = rows(batch, 1100);
    const single = await a.from('qr_codes').insert(staged.map(({ batch_id: _b, position: _p, ...r }) => r));
    expect(single.error?.code).toBe('PGRST413');
    await stage(a, staged);
    const { data, error } = await a.rpc('commit_code_batch', { p_batch: batch });
    expect(error).toBeNull();
    const saved = data as { row: number; slug: string }[];
    expect(saved.map((s) => s.row)).toEqual(staged.map((r) => r.position));
    // Each slug names the code made from that row.
    const codes = await a
      .from('qr_codes')
      .select('slug,name,content,design')
      .in(
        'slug',
        saved.slice(0, 50).map((s) => s.slug),
      );
    expect(codes.error).toBeNull();
    const bySlug = new Map(codes.data!.map((c) => [c.slug, c]));
    for (const { row, slug } of saved.slice(0, 50))
      expect(bySlug.get(slug)).toEqual({
        slug,
        name: `Item ${row}`,
        content: `https://example.com/item/${row}`,
        design: DESIGN,
      });
    expect(await count(a, 'qr_codes')).toBe(1100);
    expect(await count(a, 'code_batch_rows')).toBe(0);
  });

  it('a dynamic batch over the free plan is refused by the database, and no code of it is saved', async () => {
    const batch = randomUUID();
    const before = await count(a, 'qr_codes');
    await stage(a, rows(batch, 4, true));
    const { data, error } = await a.rpc('commit_code_batch', { p_batch: batch });
    expect(data).toBeNull();
    expect(error?.code).toBe('P0001');
    expect(error?.message).toContain('Free plan limit reached');
    expect(await count(a, 'qr_codes')).toBe(before);
    const dynamic = await a.from('qr_codes').select('id', { count: 'exact', head: true }).eq('is_dynamic', true);
    expect(dynamic.count).toBe(0);
    // The staged rows are still there for the app to delete.
    expect(await count(a, 'code_batch_rows')).toBe(4);
    await a.from('code_batch_rows').delete().eq('batch_id', batch);
    expect(await count(a, 'code_batch_rows')).toBe(0);
    // Within the limit it goes through, with a slug per row.
    const ok = randomUUID();
    await stage(a, rows(ok, 3, true));
    const committed = await a.rpc('commit_code_batch', { p_batch: ok });
    expect(committed.error).toBeNull();
    expect((committed.data as unknown[]).length).toBe(3);
  });

  it('staged rows are their owner’s: another user neither sees, commits nor deletes them; anonymous callers stage nothing', async () => {
    const batch = randomUUID();
    await stage(a, rows(batch, 5));
    expect((await b.from('code_batch_rows').select('position')).data).toEqual([]);
    const stolen = await b.rpc('commit_code_batch', { p_batch: batch });
    expect(stolen.error?.code).toBe('P0002');
    const deleted = await b.from('code_batch_rows').delete().eq('batch_id', batch).select('position');
    expect(deleted.data ?? []).toEqual([]);
    expect(await count(b, 'qr_codes')).toBe(0);
    const anon = makeClient(srv.url);
    expect((await anon.from('code_batch_rows').insert(rows(randomUUID(), 1))).error).not.toBeNull();
    expect((await anon.rpc('commit_code_batch', { p_batch: batch })).error).not.toBeNull();
    // Nobody stages rows in another user's name.
    const { data: user } = await a.auth.getUser();
    const forged = await b.from('code_batch_rows').insert({ ...rows(randomUUID(), 1)[0], user_id: user.user!.id });
    expect(forged.error).not.toBeNull();
    expect(await count(a, 'code_batch_rows')).toBe(5);
    await a.from('code_batch_rows').delete().eq('batch_id', batch);
  });

  it('a commit with nothing staged is refused; rows abandoned over a day ago are cleared by the next commit', async () => {
    const empty = await a.rpc('commit_code_batch', { p_batch: randomUUID() });
    expect(empty.error?.code).toBe('P0002');
    const old = randomUUID();
    const abandoned = await a.from('code_batch_rows').insert(rows(old, 2));
    expect(abandoned.error).toBeNull();
    // Two days pass (the database sets created_at; a client cannot).
    await srv.server.db.query(
      "UPDATE public.code_batch_rows SET created_at = now() - interval '2 days' WHERE batch_id = $1",
      [old],
    );
    const fresh = randomUUID();
    await stage(a, rows(fresh, 1));
    expect((await a.rpc('commit_code_batch', { p_batch: fresh })).error).toBeNull();
    expect(await count(a, 'code_batch_rows')).toBe(0);
  });

  it('a commit of an unknown batch is a 404 and a repeated commit a 409, each with a clear code, never a 500', async () => {
    const unknown = await a.rpc('commit_code_batch', { p_batch: randomUUID() });
    expect([unknown.status, unknown.error?.code, unknown.error?.message]).toEqual([
      404,
      'P0002',
      'No staged rows for this batch',
    ]);

    const batch = randomUUID();
    await stage(a, rows(batch, 2));
    const first = await a.rpc('commit_code_batch', { p_batch: batch });
    expect([first.status, first.error]).toEqual([200, null]);
    const before = await count(a, 'qr_codes');
    // A retried commit (its answer was lost) or a stale tab committing again.
    const again = await a.rpc('commit_code_batch', { p_batch: batch });
    expect([again.status, again.error?.code, again.error?.message]).toEqual([
      409,
      'PT409',
      'This batch was already committed',
    ]);
    expect(again.error?.hint).toMatch(/saved/);
    expect(await count(a, 'qr_codes')).toBe(before);
    // Another user committing the same batch id finds nothing of theirs to commit.
    const other = await b.rpc('commit_code_batch', { p_batch: batch });
    expect([other.status, other.error?.code]).toEqual([404, 'P0002']);
    // Two commits of one batch at once: one saves it, the other is told it was committed; no code twice.
    const racing = randomUUID();
    await stage(a, rows(racing, 3));
    const both = await Promise.all([1, 2].map(() => a.rpc('commit_code_batch', { p_batch: racing })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await count(a, 'qr_codes')).toBe(Number(before) + 3);
  });

  it('created_at and user_id of a staged row come from the database: a row dated 2999 is refused (42501)', async () => {
    const batch = randomUUID();
    const future = await a.from('code_batch_rows').insert({ ...rows(batch, 1)[0], created_at: '2999-01-01T00:00:00Z' });
    expect([future.status, future.error?.code]).toEqual([403, '42501']);
    expect(await count(a, 'code_batch_rows')).toBe(0);
    // No update is granted either: a staged row cannot be re-dated after the fact.
    await stage(a, rows(batch, 1));
    const redated = await a
      .from('code_batch_rows')
      .update({ created_at: '2999-01-01T00:00:00Z' })
      .eq('batch_id', batch)
      .select('created_at');
    expect(redated.error?.code).toBe('42501');
    const [row] = await srv.server.db.query<{ age: number }>(
      'SELECT extract(epoch FROM now() - created_at)::float8 AS age FROM public.code_batch_rows WHERE batch_id = $1',
      [batch],
    );
    expect(Math.abs(row!.age)).toBeLessThan(3600);
    await a.from('code_batch_rows').delete().eq('batch_id', batch);
  });

  it('staged rows per account are bounded (20,000 rows, 32 MiB): over it, 413 PT413 and nothing more is stored', async () => {
    const { client: c } = await signedUpClient(srv.url);
    // Big rows (near the largest design and content a row may have, and incompressible, as Postgres would
    // otherwise store them small) reach the byte bound well before the row bound: 40 of them fit in one body.
    const design = { pad: randomBytes(11_000).toString('base64') };
    const content = randomBytes(5_000).toString('base64');
    const big = (batch: string, n: number, from: number) =>
      rows(batch, n, false, from).map((r) => ({ ...r, design, content }));
    const batch = randomUUID();
    let refused: { status: number; code?: string; message?: string } | null = null;
    let staged = 0;
    for (let from = 2; staged < 4000 && refused === null; from += 40) {
      const res = await c.from('code_batch_rows').insert(big(batch, 40, from));
      if (res.error) refused = { status: res.status, code: res.error.code, message: res.error.message };
      else staged += 40;
    }
    expect(refused).toEqual({
      status: 413,
      code: 'PT413',
      message: 'Too much staged for bulk saving: at most 20000 rows and 32 MiB per account at once',
    });
    // The refused insert stored nothing; what was staged before it is under the bound.
    const [stored] = await srv.server.db.query<{ n: number; bytes: number }>(
      `SELECT count(*)::int AS n, coalesce(sum(pg_column_size(r.*)), 0)::int AS bytes
         FROM public.code_batch_rows r WHERE batch_id = $1`,
      [batch],
    );
    expect(stored!.n).toBe(staged);
    expect(stored!.bytes).toBeLessThanOrEqual(32 * 1024 * 1024);
    // Deleting staged rows makes room again.
    expect((await c.from('code_batch_rows').delete().eq('batch_id', batch)).error).toBeNull();
    expect((await c.from('code_batch_rows').insert(big(randomUUID(), 40, 2))).error).toBeNull();
  });

  it("every account's rows staged over a day ago go at the hourly housekeeping (expire_staged_batches)", async () => {
    const { client: c } = await signedUpClient(srv.url);
    const [oldBatch, newBatch] = [randomUUID(), randomUUID()];
    await stage(c, rows(oldBatch, 3));
    await stage(c, rows(newBatch, 2));
    await srv.server.db.query(
      "UPDATE public.code_batch_rows SET created_at = now() - interval '25 hours' WHERE batch_id = $1",
      [oldBatch],
    );
    // Only the service role may run it (the server does, hourly).
    expect((await c.rpc('expire_staged_batches')).error?.code).toBe('42501');
    const service = makeClient(srv.url, await serviceRoleKey());
    expect((await service.rpc('expire_staged_batches')).error).toBeNull();
    const left = await c.from('code_batch_rows').select('batch_id');
    expect(left.data?.map((r) => r.batch_id)).toEqual([newBatch, newBatch]);
  });

  it('the database refuses a staged row with a bad destination or a design that is not an object', async () => {
    const bad = rows(randomUUID(), 1, true)[0]!;
    expect((await a.from('code_batch_rows').insert({ ...bad, destination: 'javascript:alert(1)' })).error?.code).toBe(
      '23514',
    );
    expect((await a.from('code_batch_rows').insert({ ...bad, design: [1] })).error?.code).toBe('23514');
  });
});
