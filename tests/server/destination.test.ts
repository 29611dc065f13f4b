// Destinations of dynamic codes are checked the same way in the database and in the app: public.is_redirectable_url
// (supabase/migrations/20261124000100_destination_url.sql) answers exactly what isRedirectableUrl
// (src/shared/destination.ts) answers, on the whole unit-test corpus in one query; the table's
// check refuses `https://x:99999/` (the defect: stored, counted, then "not active") and a normalized destination
// is stored and redirected to.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { isRedirectableUrl, normalizeDestination } from '../../src/shared/destination.ts';
import { destinationCorpus } from '../unit/codes/destinationCorpus.ts';
import { backends, signedUpClient, suiteServer } from './helpers.ts';

// PostgreSQL text holds neither NUL nor lone surrogates (which UTF-8 cannot carry): those strings cannot reach
// the column at all, so they are left out here (the unit test still covers them).
const LONE_SURROGATE = /\p{Surrogate}/u;
const corpus = destinationCorpus().filter((s) => !s.includes('\u0000') && !LONE_SURROGATE.test(s));

describe.each(backends)('destination URLs on %s', (backend) => {
  const srv = suiteServer(backend);
  let client: SupabaseClient;

  beforeAll(async () => {
    client = (await signedUpClient(srv.url)).client;
  });

  it(`public.is_redirectable_url agrees with isRedirectableUrl on ${corpus.length} strings`, async () => {
    expect(corpus.length).toBeGreaterThanOrEqual(5000);
    const rows = await srv.server.db.query<{ u: string; ok: boolean }>(
      'select u, public.is_redirectable_url(u) as ok from unnest($1::text[]) with ordinality as t(u, n) order by n',
      [corpus],
    );
    expect(rows.map((r) => r.u)).toEqual(corpus);
    const mismatches = rows
      .filter((r) => r.ok !== isRedirectableUrl(r.u))
      .map(
        (r) => `${JSON.stringify(r.u.length > 160 ? `${r.u.slice(0, 160)}…` : r.u)}: SQL ${r.ok}, TypeScript ${!r.ok}`,
      );
    expect(mismatches.slice(0, 10)).toEqual([]);
    // Both answers occur often enough for the comparison to mean something.
    expect(rows.filter((r) => r.ok).length).toBeGreaterThan(2000);
    expect(rows.filter((r) => !r.ok).length).toBeGreaterThan(2000);
  });

  it('refuses https://x:99999/ with a check violation and stores nothing', async () => {
    const { data, error } = await client
      .from('qr_codes')
      .insert({ name: 'Bad port', is_dynamic: true, destination: 'https://x:99999/' })
      .select();
    expect(error?.code).toBe('23514');
    expect(data).toBeNull();
    const { data: stored } = await client.from('qr_codes').select('id').eq('name', 'Bad port');
    expect(stored).toEqual([]);
  });

  it('refuses invalid destinations on update too, keeping the stored one', async () => {
    const { data: code, error } = await client
      .from('qr_codes')
      .insert({ name: 'Update check', is_dynamic: true, destination: 'https://example.com/a' })
      .select('id')
      .single();
    expect(error).toBeNull();
    for (const destination of [
      'https://user:pw@example.com/',
      'https://[::1]/',
      'https://x:0/',
      'https://exa mple.com/',
    ]) {
      const res = await client.from('qr_codes').update({ destination }).eq('id', code!.id).select();
      expect(res.error?.code, destination).toBe('23514');
    }
    const { data: row } = await client.from('qr_codes').select('destination').eq('id', code!.id).single();
    expect(row).toEqual({ destination: 'https://example.com/a' });
  });

  it('stores a normalized destination and redirects to it', async () => {
    const normalized = normalizeDestination('  HTTPS://Bücher.Example:443/Straße?q=ä ö#Menü ');
    expect(normalized).toEqual({
      ok: true,
      url: 'https://xn--bcher-kva.example/Stra%C3%9Fe?q=%C3%A4%20%C3%B6#Men%C3%BC',
    });
    if (!normalized.ok) return;
    const { data, error } = await client
      .from('qr_codes')
      .insert({ name: 'Normalized', is_dynamic: true, destination: normalized.url })
      .select('slug, destination')
      .single();
    expect(error).toBeNull();
    expect(data!.destination).toBe(normalized.url);
    const res = await fetch(`${srv.url}/r/${data!.slug}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(normalized.url);
  });
});
