// Bulk batches (supabase/migrations/20261125000100_code_batches.sql) through supabase-js and the real REST path,
// staged in chunks and committed as the app's saveBatch does: a batch larger than one request's row limit is saved
// whole, in row order; a commit the plan limit refuses saves nothing; staged rows are their owner's alone.
// PGlite, and PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends, makeClient, signedUpClient, suiteServer } from './helpers.ts';

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
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const abandoned = await a
      .from('code_batch_rows')
      .insert(rows(old, 2).map((r) => ({ ...r, created_at: twoDaysAgo })));
    expect(abandoned.error).toBeNull();
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

  it('the database refuses a staged row with a bad destination or a design that is not an object', async () => {
    const bad = rows(randomUUID(), 1, true)[0]!;
    expect((await a.from('code_batch_rows').insert({ ...bad, destination: 'javascript:alert(1)' })).error?.code).toBe(
      '23514',
    );
    expect((await a.from('code_batch_rows').insert({ ...bad, design: [1] })).error?.code).toBe('23514');
  });
});
