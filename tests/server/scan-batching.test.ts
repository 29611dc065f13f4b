// Group commit through the real redirect (issue 14): many scans at once are written in batches by
// record_scans, and every batch keeps record_scan's rules — exact counts, one unique scan per visitor, paused,
// static and unknown codes not counted, a pause applying to the very next scan, a deleted code never a 5xx.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/lib/config.ts';
import { runAs } from '../../server/rest/as-role.ts';
import { backends, signedUpClient, suiteServer } from './helpers.ts';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe.each(backends)('scans written in batches on %s', (backend) => {
  const srv = suiteServer(backend, {
    rateLimits: { ...loadConfig({}).rateLimits, enabled: false, ipHeader: 'x-test-client' },
  });
  let client: SupabaseClient;

  beforeEach(async () => {
    client = (await signedUpClient(srv.url)).client;
  });

  const createCode = async (fields: Record<string, unknown> = {}) => {
    const { data, error } = await client
      .from('qr_codes')
      .insert({ name: 'Batched', destination: 'https://example.com/landing', is_dynamic: true, ...fields })
      .select('id, slug')
      .single();
    expect(error).toBeNull();
    return data as { id: string; slug: string };
  };
  const scan = (slug: string, address = '81.2.69.160') =>
    fetch(`${srv.url}/r/${slug}`, {
      redirect: 'manual',
      headers: { 'User-Agent': PHONE, 'x-test-client': address },
    }).then(async (res) => {
      await res.arrayBuffer();
      return res.status;
    });
  const counts = async (id: string) => {
    const rows = await srv.server.db.query<{ scans: string; uniq: string }>(
      `SELECT count(*)::text AS scans, count(*) FILTER (WHERE is_unique)::text AS uniq
         FROM public.scan_events WHERE qr_code_id = $1`,
      [id],
    );
    return { scans: Number(rows[0]!.scans), unique: Number(rows[0]!.uniq) };
  };

  it('counts 300 simultaneous scans of one visitor once as unique, and 300 of 300 visitors 300 times', async () => {
    const one = await createCode();
    const many = await createCode({ name: 'Many visitors' });
    const statuses = await Promise.all([
      ...Array.from({ length: 300 }, () => scan(one.slug)),
      ...Array.from({ length: 300 }, (_, i) => scan(many.slug, `81.2.${Math.floor(i / 250)}.${(i % 250) + 1}`)),
    ]);
    expect(statuses.filter((s) => s === 302)).toHaveLength(600);
    expect(await counts(one.id)).toEqual({ scans: 300, unique: 1 });
    expect(await counts(many.id)).toEqual({ scans: 300, unique: 300 });
  });

  it('marks only the first scan of a new visitor in one batch unique (record_scans called directly)', async () => {
    const code = await createCode();
    const other = await createCode({ name: 'Other' });
    const visitor = (n: number) => n.toString(16).padStart(64, '0');
    const slugs = [code.slug, code.slug, other.slug, code.slug, 'unknownslug1', code.slug];
    const visitors = [visitor(1), visitor(1), visitor(1), visitor(2), visitor(3), null];
    const rows = await runAs(srv.server.db, 'service_role', { role: 'service_role' }, (tx) =>
      tx.query<{ ord: number; destination: string }>(
        `SELECT ord, destination FROM public.record_scans($1::text[], $2::text[], $3::text[], $4::text[],
                $5::text[], $6::text[]) ORDER BY ord`,
        [
          slugs,
          slugs.map(() => 'mobile'),
          slugs.map(() => 'iOS'),
          slugs.map(() => null),
          slugs.map(() => 'GB'),
          visitors,
        ],
      ),
    );
    expect(rows.map((r) => Number(r.ord))).toEqual([1, 2, 3, 4, 6]);
    const stored = await srv.server.db.query<{ qr_code_id: string; is_unique: boolean }>(
      'SELECT qr_code_id, is_unique FROM public.scan_events WHERE qr_code_id = ANY($1::uuid[]) ORDER BY id',
      [[code.id, other.id]],
    );
    // visitor 1: unique once per code (the hash is per code), visitor 2 once, no visitor never.
    expect(await counts(code.id)).toEqual({ scans: 4, unique: 2 });
    expect(await counts(other.id)).toEqual({ scans: 1, unique: 1 });
    expect(stored.filter((r) => r.qr_code_id === code.id).map((r) => r.is_unique)).toEqual([true, false, true, false]);
  });

  it('answers each scan of a mixed batch by its own code: active 302, paused, static and unknown 404', async () => {
    const active = await createCode();
    const paused = await createCode({ name: 'Paused' });
    expect((await client.from('qr_codes').update({ status: 'paused' }).eq('id', paused.id)).error).toBeNull();
    const { data: staticCode } = await client
      .from('qr_codes')
      .insert({ name: 'Static', content: 'hello', is_dynamic: false })
      .select('id, slug')
      .single();
    const slugs = [active.slug, paused.slug, 'unknownslug1', (staticCode as { slug: string | null }).slug ?? 'nosl'];
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => scan(slugs[i % 4]!)));
    statuses.forEach((status, i) => expect([i % 4, status]).toEqual([i % 4, i % 4 === 0 ? 302 : 404]));
    expect((await counts(active.id)).scans).toBe(50);
    expect((await counts(paused.id)).scans).toBe(0);
  });

  it('applies a pause to the very next scan, and a resume too', async () => {
    const code = await createCode();
    expect(await scan(code.slug)).toBe(302);
    expect((await client.from('qr_codes').update({ status: 'paused' }).eq('id', code.id)).error).toBeNull();
    expect(await scan(code.slug)).toBe(404);
    expect((await client.from('qr_codes').update({ status: 'active' }).eq('id', code.id)).error).toBeNull();
    expect(await scan(code.slug)).toBe(302);
    expect((await counts(code.id)).scans).toBe(2);
  });

  it('answers 302 or 404, never an error, while a code is deleted under load, and keeps the other code exact', async () => {
    const doomed = await createCode();
    const kept = await createCode({ name: 'Kept' });
    let answered = 0;
    const load = Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        scan(i % 2 ? doomed.slug : kept.slug).then((status) => {
          answered += 1;
          return status;
        }),
      ),
    );
    // The delete goes in once the load is being answered.
    await vi.waitFor(() => expect(answered).toBeGreaterThan(0), { timeout: 20_000, interval: 1 });
    expect((await client.from('qr_codes').delete().eq('id', doomed.id)).error).toBeNull();
    const statuses = await load;
    statuses.forEach((status, i) => expect(i % 2 ? [302, 404] : [302]).toContain(status));
    expect((await counts(kept.id)).scans).toBe(200);
    expect(await counts(doomed.id)).toEqual({ scans: 0, unique: 0 });
    expect(await scan(doomed.slug)).toBe(404);
  });
});
