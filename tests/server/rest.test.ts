// /rest/v1 through the real supabase-js client: every supported query feature, the PostgREST error shapes,
// JWT handling and the free-plan limit on dynamic codes, on PGlite and (with DATABASE_URL) PostgreSQL.
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_JWT_SECRET } from '../../server/lib/config.ts';
import { api, backends, makeClient, serviceRoleKey, signedUpClient, suiteServer } from './helpers.ts';

interface Code {
  id: string;
  user_id: string;
  name: string;
  type: string;
  content: string;
  destination: string | null;
  design: Record<string, unknown>;
  is_dynamic: boolean;
  slug: string;
  status: 'active' | 'paused';
  created_at: string;
  updated_at: string;
}

const LIMIT_MESSAGE = 'Free plan limit reached: at most 3 dynamic QR codes';

describe.each(backends)('REST subset on %s', (backend) => {
  const srv = suiteServer(backend);
  let client: SupabaseClient;
  let userId: string;
  let token: string;
  /** Seven static codes with known names, types and contents. */
  let seeded: Code[];

  beforeAll(async () => {
    const a = await signedUpClient(srv.url);
    client = a.client;
    userId = a.user.id;
    token = a.session.access_token;
    const rows = [
      { name: 'Alpha menu', type: 'Menu', content: 'https://a.example/menu' },
      { name: 'Beta card', type: 'vCard', content: 'BEGIN:VCARD' },
      { name: 'Gamma link', type: 'URL', content: 'https://g.example' },
      { name: 'delta LINK', type: 'URL', content: 'https://d.example' },
      { name: 'Epsilon wifi', type: 'WiFi', content: 'WIFI:S:x;;' },
      { name: "O'Reilly; DROP TABLE qr_codes; --", type: 'Text', content: 'quote test' },
      { name: 'Zeta text', type: 'Text', content: 'hello', status: 'paused' },
    ];
    // Rows with different keys: missing ones take the column default (Prefer: missing=default).
    const { data, error, status } = await client.from('qr_codes').insert(rows, { defaultToNull: false }).select();
    expect(error).toBeNull();
    expect(status).toBe(201);
    seeded = data as Code[];
  });

  describe('insert', () => {
    it('bulk insert returns every row with the database defaults filled in', () => {
      expect(seeded).toHaveLength(7);
      for (const row of seeded) {
        expect(row.user_id).toBe(userId);
        expect(row.slug).toMatch(/^[A-Za-z0-9_-]{8}$/);
        expect(row.is_dynamic).toBe(false);
        expect(row.design).toEqual({});
        expect(new Date(row.created_at).getTime()).not.toBeNaN();
      }
      expect(new Set(seeded.map((r) => r.slug)).size).toBe(7);
      expect(seeded.find((r) => r.name === 'Zeta text')?.status).toBe('paused');
    });

    it('single insert with .select().single() returns one object; jsonb round-trips', async () => {
      const design = { fg: '#112233', dots: 'rounded', logo: null, margins: [1, 2] };
      const { data, error, status } = await client
        .from('qr_codes')
        .insert({ name: 'Designed', content: 'x', design })
        .select('id, name, design, label:type')
        .single();
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toEqual({ id: expect.any(String), name: 'Designed', design, label: 'URL' });
      await client
        .from('qr_codes')
        .delete()
        .eq('id', (data as { id: string }).id);
    });

    it('return=minimal answers 201 without a body', async () => {
      const res = await client.from('qr_codes').insert({ name: 'Minimal', content: 'm' });
      expect(res.error).toBeNull();
      expect(res.status).toBe(201);
      expect(res.data).toBeNull();
      const { count } = await client.from('qr_codes').select('*', { count: 'exact', head: true }).eq('name', 'Minimal');
      expect(count).toBe(1);
      await client.from('qr_codes').delete().eq('name', 'Minimal');
    });

    it('bulk insert with differing keys uses NULL, or DEFAULT with defaultToNull: false', async () => {
      const withDefault = await client
        .from('qr_codes')
        .insert([{ name: 'K1', type: 'Text' }, { name: 'K2' }], { defaultToNull: false })
        .select('name, type');
      expect(withDefault.error).toBeNull();
      expect(withDefault.data).toEqual([
        { name: 'K1', type: 'Text' },
        { name: 'K2', type: 'URL' },
      ]);
      // Without missing=default the absent type becomes NULL and the NOT NULL constraint refuses the batch.
      const withNull = await client
        .from('qr_codes')
        .insert([{ name: 'K3', type: 'Text' }, { name: 'K4' }])
        .select();
      expect(withNull.status).toBe(400);
      expect(withNull.error).toMatchObject({ code: '23502' });
      const { count } = await client
        .from('qr_codes')
        .select('id', { count: 'exact', head: true })
        .in('name', ['K3', 'K4']);
      expect(count).toBe(0);
      await client.from('qr_codes').delete().in('name', ['K1', 'K2']);
    });
  });

  describe('select', () => {
    it('selects columns with aliases', async () => {
      const { data, error } = await client.from('qr_codes').select('name,kind:type').eq('id', seeded[0]!.id);
      expect(error).toBeNull();
      expect(data).toEqual([{ name: 'Alpha menu', kind: 'Menu' }]);
    });

    it('eq, neq, in, gt/gte/lt/lte, like, ilike, is, not', async () => {
      const names = async (q: PromiseLike<{ data: unknown; error: unknown }>) => {
        const { data, error } = await q;
        expect(error).toBeNull();
        return (data as { name: string }[]).map((r) => r.name).sort();
      };
      const base = () => client.from('qr_codes').select('name');
      expect(await names(base().eq('type', 'URL'))).toEqual(['Gamma link', 'delta LINK']);
      expect(await names(base().neq('type', 'URL').neq('type', 'Text'))).toEqual([
        'Alpha menu',
        'Beta card',
        'Epsilon wifi',
      ]);
      expect(await names(base().in('type', ['Menu', 'WiFi']))).toEqual(['Alpha menu', 'Epsilon wifi']);
      expect(await names(base().in('name', ['Zeta text', 'a,b (c)']))).toEqual(['Zeta text']);
      expect(await names(base().ilike('name', '%link%'))).toEqual(['Gamma link', 'delta LINK']);
      expect(await names(base().like('name', '*link'))).toEqual(['Gamma link']);
      expect(await names(base().gte('name', 'Gamma').lt('name', 'Zeta'))).toEqual([
        'Gamma link',
        "O'Reilly; DROP TABLE qr_codes; --",
      ]);
      expect(await names(base().gt('name', 'Gamma link').lt('name', 'P'))).toEqual([
        "O'Reilly; DROP TABLE qr_codes; --",
      ]);
      expect(await names(base().lte('name', 'Beta card'))).toEqual(['Alpha menu', 'Beta card']);
      expect(await names(base().is('destination', null).eq('status', 'paused'))).toEqual(['Zeta text']);
      expect(await names(base().not('status', 'eq', 'active'))).toEqual(['Zeta text']);
      expect(await names(base().eq('name', "O'Reilly; DROP TABLE qr_codes; --"))).toEqual([
        "O'Reilly; DROP TABLE qr_codes; --",
      ]);
      expect(
        await names(base().gte('created_at', seeded[0]!.created_at).eq('is_dynamic', false).eq('type', 'WiFi')),
      ).toEqual(['Epsilon wifi']);
    });

    it('orders asc/desc on one or several columns', async () => {
      const ids = seeded.map((r) => r.id);
      const desc = await client.from('qr_codes').select('id').order('id', { ascending: false });
      expect((desc.data as { id: string }[]).map((r) => r.id)).toEqual([...ids].sort().reverse());
      const two = await client.from('qr_codes').select('id, status').order('status', { ascending: false }).order('id');
      const expected = [...seeded]
        .sort((x, y) => (x.status === y.status ? (x.id < y.id ? -1 : 1) : x.status === 'paused' ? -1 : 1))
        .map((r) => ({ id: r.id, status: r.status }));
      expect(two.data).toEqual(expected);
    });

    it('nullsFirst puts NULL destinations before the others', async () => {
      const dyn = await client
        .from('qr_codes')
        .insert({ name: 'Has destination', destination: 'https://x.example/', content: '' })
        .select('id')
        .single();
      expect(dyn.error).toBeNull();
      const first = await client
        .from('qr_codes')
        .select('name, destination')
        .order('destination', { ascending: true, nullsFirst: true })
        .limit(1);
      expect((first.data as { destination: string | null }[])[0]!.destination).toBeNull();
      const last = await client
        .from('qr_codes')
        .select('name, destination')
        .order('destination', { ascending: true, nullsFirst: false })
        .limit(1);
      expect((last.data as { destination: string | null }[])[0]!.destination).toBe('https://x.example/');
      await client
        .from('qr_codes')
        .delete()
        .eq('id', (dyn.data as { id: string }).id);
    });

    it('limit, range and exact counts (Content-Range) agree', async () => {
      const page = await client.from('qr_codes').select('name', { count: 'exact' }).order('name').range(2, 4);
      expect(page.error).toBeNull();
      expect(page.count).toBe(7);
      const all = await client.from('qr_codes').select('name').order('name');
      const allNames = (all.data as { name: string }[]).map((r) => r.name);
      expect((page.data as { name: string }[]).map((r) => r.name)).toEqual(allNames.slice(2, 5));
      const limited = await client.from('qr_codes').select('name').order('name').limit(2);
      expect((limited.data as { name: string }[]).map((r) => r.name)).toEqual(allNames.slice(0, 2));
      const head = await client.from('qr_codes').select('*', { count: 'exact', head: true }).eq('type', 'URL');
      expect(head.data).toBeNull();
      expect(head.count).toBe(2);

      const raw = await api(srv.url, '/rest/v1/qr_codes?select=name&type=eq.Text&order=name', {
        token,
        headers: { Prefer: 'count=exact', Range: '1-5' },
      });
      // A page that is not every row, with a counted total, is 206 Partial Content, as in PostgREST.
      expect(raw.status).toBe(206);
      expect(raw.headers.get('content-range')).toBe('1-1/2');
      expect(raw.body).toEqual([{ name: 'Zeta text' }]);
      const empty = await api(srv.url, '/rest/v1/qr_codes?select=name&type=eq.None', {
        token,
        headers: { Prefer: 'count=exact' },
      });
      expect(empty.headers.get('content-range')).toBe('*/0');
    });

    it('single() and maybeSingle(): one row, or PGRST116 / null', async () => {
      const one = await client.from('qr_codes').select('name').eq('id', seeded[1]!.id).single();
      expect(one.error).toBeNull();
      expect(one.data).toEqual({ name: 'Beta card' });
      const none = await client.from('qr_codes').select('name').eq('name', 'missing').single();
      expect(none.status).toBe(406);
      expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
      const many = await client.from('qr_codes').select('name').eq('type', 'URL').single();
      expect(many.status).toBe(406);
      expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
      const maybe = await client.from('qr_codes').select('name').eq('name', 'missing').maybeSingle();
      expect(maybe.error).toBeNull();
      expect(maybe.data).toBeNull();
    });
  });

  describe('update and delete', () => {
    it('update with .select() returns the new rows and bumps updated_at', async () => {
      const target = seeded.find((r) => r.name === 'Epsilon wifi')!;
      const { data, error, status } = await client
        .from('qr_codes')
        .update({ name: 'Epsilon wifi 2', design: { fg: '#000000' } })
        .eq('id', target.id)
        .select();
      expect(error).toBeNull();
      expect(status).toBe(200);
      const row = (data as Code[])[0]!;
      expect(row.name).toBe('Epsilon wifi 2');
      expect(row.design).toEqual({ fg: '#000000' });
      expect(new Date(row.updated_at).getTime()).toBeGreaterThan(new Date(target.updated_at).getTime());
      const minimal = await client.from('qr_codes').update({ name: 'Epsilon wifi' }).eq('id', target.id);
      expect(minimal.status).toBe(204);
      expect(minimal.error).toBeNull();
      const check = await client.from('qr_codes').select('name').eq('id', target.id).single();
      expect(check.data).toEqual({ name: 'Epsilon wifi' });
    });

    it('delete with .select() returns the deleted rows', async () => {
      const created = await client
        .from('qr_codes')
        .insert([{ name: 'Del 1' }, { name: 'Del 2' }])
        .select('id');
      const ids = (created.data as { id: string }[]).map((r) => r.id);
      const { data, error } = await client.from('qr_codes').delete().in('id', ids).select('name').order('name');
      expect(error).toBeNull();
      expect((data as { name: string }[]).map((r) => r.name).sort()).toEqual(['Del 1', 'Del 2']);
      const { count } = await client.from('qr_codes').select('*', { count: 'exact', head: true }).in('id', ids);
      expect(count).toBe(0);
    });

    it('update or delete without a filter is refused (21000), and changes nothing', async () => {
      const upd = await client.from('qr_codes').update({ name: 'everything' });
      expect(upd.status).toBe(400);
      expect(upd.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
      const del = await client.from('qr_codes').delete();
      expect(del.status).toBe(400);
      expect(del.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
      const { count } = await client.from('qr_codes').select('*', { count: 'exact', head: true });
      expect(count).toBe(7);
    });

    it('slug, owner and timestamps are not writable through the API (42501)', async () => {
      const id = seeded[0]!.id;
      for (const patch of [{ slug: 'custom-slug' }, { user_id: userId }, { created_at: '2020-01-01T00:00:00Z' }]) {
        const res = await client.from('qr_codes').update(patch).eq('id', id);
        expect(res.status).toBe(403);
        expect(res.error).toMatchObject({ code: '42501' });
      }
    });
  });

  describe('errors in PostgREST shape', () => {
    it('constraint violations: check 23514 (400), unique 23505 (409), not null 23502 (400)', async () => {
      const check = await client.from('qr_codes').update({ status: 'deleted' }).eq('id', seeded[0]!.id);
      expect(check.status).toBe(400);
      // With RLS on, Postgres leaves the failing row out of the detail: details is null.
      expect(check.error).toMatchObject({
        code: '23514',
        details: null,
        message: expect.stringContaining('qr_codes_status_check'),
      });
      expect(Object.keys(check.error!).sort()).toEqual(['code', 'details', 'hint', 'message']);
      // Clients cannot choose a slug (column grants); the service role can, and a taken one is 409.
      const service = makeClient(srv.url, await serviceRoleKey());
      const dup = await service
        .from('qr_codes')
        .insert({ name: 'dup', slug: seeded[0]!.slug, user_id: seeded[0]!.user_id });
      expect(dup.status).toBe(409);
      expect(dup.error).toMatchObject({ code: '23505' });
      const noName = await client.from('qr_codes').insert({ type: 'URL' });
      expect(noName.status).toBe(400);
      expect(noName.error).toMatchObject({ code: '23502' });
      const badUrl = await client.from('qr_codes').insert({ name: 'x', destination: 'javascript:alert(1)' });
      expect(badUrl.error).toMatchObject({ code: '23514' });
    });

    it('unknown names: column in body PGRST204, in select/filter 42703, table PGRST205, function PGRST202', async () => {
      const body = await client.from('qr_codes').insert({ name: 'x', colour: 'red' });
      expect(body.status).toBe(400);
      expect(body.error).toEqual({
        code: 'PGRST204',
        details: null,
        hint: null,
        message: "Could not find the 'colour' column of 'qr_codes' in the schema cache",
      });
      const sel = await client.from('qr_codes').select('name,colour');
      expect(sel.status).toBe(400);
      expect(sel.error).toMatchObject({ code: '42703' });
      const filt = await client.from('qr_codes').select('name').eq('colour', 'red');
      expect(filt.error).toMatchObject({ code: '42703' });
      const table = await client.from('users').select('*');
      expect(table.status).toBe(404);
      expect(table.error).toMatchObject({ code: 'PGRST205' });
      const fn = await client.rpc('drop_everything');
      expect(fn.status).toBe(404);
      expect(fn.error).toMatchObject({ code: 'PGRST202' });
      const args = await client.rpc('top_codes', { p_nonsense: 1 });
      expect(args.error).toMatchObject({ code: 'PGRST202' });
    });

    it('unsupported grammar is refused with PGRST100, identifiers are never interpolated', async () => {
      const embed = await client.from('qr_codes').select('name, scan_events(*)');
      expect(embed.status).toBe(400);
      expect(embed.error).toMatchObject({ code: 'PGRST100' });
      const or = await client.from('qr_codes').select('name').or('type.eq.URL,type.eq.Menu');
      expect(or.error).toMatchObject({ code: 'PGRST100' });
      const upsert = await client.from('qr_codes').upsert({ name: 'u' });
      expect(upsert.error).toMatchObject({ code: 'PGRST100' });
      const evil = await api(srv.url, `/rest/v1/qr_codes?select=${encodeURIComponent('name,(select 1)')}`, { token });
      expect(evil.status).toBe(400);
      const evilFilter = await api(srv.url, `/rest/v1/qr_codes?${encodeURIComponent('name;drop table x')}=eq.1`, {
        token,
      });
      expect(evilFilter.status).toBe(400);
      const evilOrder = await api(srv.url, `/rest/v1/qr_codes?order=${encodeURIComponent('name;drop')}`, { token });
      expect(evilOrder.status).toBe(400);
      const badValue = await client.from('qr_codes').select('name').eq('id', "1' OR '1'='1");
      expect(badValue.status).toBe(400);
      expect(badValue.error).toMatchObject({ code: '22P02' });
      const { count } = await client.from('qr_codes').select('*', { count: 'exact', head: true });
      expect(count).toBe(7);
    });

    it('bodies over 1 MiB get 413 and malformed JSON 400 PGRST102, in PostgREST shape', async () => {
      const big = await api(srv.url, '/rest/v1/qr_codes', {
        token,
        method: 'POST',
        body: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }),
      });
      expect(big.status).toBe(413);
      expect(big.body).toMatchObject({ code: 'request_entity_too_large', details: null, hint: null });
      const bad = await api(srv.url, '/rest/v1/qr_codes', { token, method: 'POST', body: '{"name":' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'PGRST102', hint: null });
      expect(srv.logs).toEqual([]);
    });

    it('media types, schemas, pages past the end and other schemes answer as PostgREST 12 does', async () => {
      const path = '/rest/v1/qr_codes?select=name,type&name=eq.Gamma%20link';
      const csv = await api(srv.url, path, { token, headers: { Accept: 'text/csv' } });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.text).toBe('name,type\n"Gamma link",URL');
      const xml = await api(srv.url, path, { token, headers: { Accept: 'application/xml' } });
      expect(xml.status).toBe(415);
      expect(xml.body).toEqual({
        code: 'PGRST107',
        details: null,
        hint: null,
        message: 'None of these media types are available: application/xml',
      });
      const other = await api(srv.url, path, { token, headers: { 'Accept-Profile': 'auth' } });
      expect(other.status).toBe(406);
      expect(other.body).toMatchObject({
        code: 'PGRST106',
        message: 'The schema must be one of the following: public',
      });
      const plain = await api(srv.url, '/rest/v1/qr_codes', {
        token,
        method: 'POST',
        body: '{"name":"x"}',
        headers: { 'Content-Type': 'text/plain' },
      });
      expect(plain.status).toBe(400);
      expect(plain.body).toEqual({
        code: 'PGRST102',
        details: null,
        hint: null,
        message: 'Content-Type not acceptable: text/plain',
      });
      // `;` separates parameters as `&` does, and a parameter without `=` is ignored (http-types' parseQuery).
      const semi = await api(srv.url, '/rest/v1/qr_codes?select=name;name=eq.Gamma%20link&type', { token });
      expect(semi.body).toEqual([{ name: 'Gamma link' }]);
      const ignored = await api(srv.url, '/rest/v1/qr_codes?select=name&order=name', {
        token,
        headers: { Range: 'items=0-1' },
      });
      expect(ignored.body).toHaveLength(7);
      const past = await api(srv.url, '/rest/v1/qr_codes?select=name&order=name&offset=20&limit=10', {
        token,
        headers: { Prefer: 'count=exact' },
      });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe('*/7');
      expect(past.body).toMatchObject({
        code: 'PGRST103',
        details: 'An offset of 20 was requested, but there are only 7 rows.',
      });
      const counted = await api(srv.url, '/rest/v1/qr_codes?select=name&limit=1', {
        token,
        headers: { Prefer: 'count=exact' },
      });
      expect(counted.headers.get('preference-applied')).toBe('count=exact');
      const basic = await api(srv.url, '/rest/v1/qr_codes?select=id', { headers: { Authorization: 'Basic abc' } });
      expect(basic.status).toBe(401);
      expect(basic.headers.get('www-authenticate')).toBe('Bearer');
      expect(basic.body).toMatchObject({ code: '42501' });
      expect(srv.logs).toEqual([]);
    });

    it('JWTs: expired → 401 PGRST303, forged → 401 PGRST301, no token → anon', async () => {
      const key = new TextEncoder().encode(DEMO_JWT_SECRET);
      const nowSec = Math.floor(srv.clock.now() / 1000);
      const expired = await new SignJWT({ sub: userId, role: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(nowSec - 7200)
        .setExpirationTime(nowSec - 3600)
        .sign(key);
      const exp = await api(srv.url, '/rest/v1/qr_codes?select=id', { token: expired });
      expect(exp.status).toBe(401);
      expect(exp.body).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });
      const forged = await new SignJWT({ sub: userId, role: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime(nowSec + 3600)
        .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
      const bad = await api(srv.url, '/rest/v1/qr_codes?select=id', { token: forged });
      expect(bad.status).toBe(401);
      expect(bad.body).toMatchObject({ code: 'PGRST301' });
      const none = await fetch(`${srv.url}/rest/v1/qr_codes?select=id`);
      expect(none.status).toBe(401);
      expect(await none.json()).toMatchObject({ code: '42501' });
      // A valid token of the same user still works.
      const ok = await api(srv.url, '/rest/v1/qr_codes?select=id', { token });
      expect(ok.status).toBe(200);
      expect(ok.body).toHaveLength(7);
    });
  });

  describe('rpc', () => {
    it('POST and GET calls with named arguments; filters, order and limit apply to table results', async () => {
      const post = await client.rpc('top_codes', { p_limit: 3 });
      expect(post.error).toBeNull();
      expect(post.data).toHaveLength(3);
      const get = await client.rpc('top_codes', { p_limit: 100 }, { get: true });
      expect(get.error).toBeNull();
      expect(get.data).toHaveLength(7);
      const filtered = await client.rpc('top_codes', { p_limit: 100 }).eq('type', 'URL').order('id').select('name, id');
      expect(filtered.error).toBeNull();
      const urls = seeded.filter((r) => r.type === 'URL').sort((x, y) => (x.id < y.id ? -1 : 1));
      expect(filtered.data).toEqual(urls.map((r) => ({ name: r.name, id: r.id })));
      const counted = await client.rpc('top_codes', { p_limit: 100 }, { count: 'exact' }).range(0, 1);
      expect(counted.count).toBe(7);
      expect(counted.data).toHaveLength(2);
      const scalar = await client.rpc('dashboard_summary');
      expect(scalar.error).toBeNull();
      expect(scalar.data).toMatchObject({ total_codes: 7, total_scans: 0, active_dynamic_codes: 0 });
      const invalid = await client.rpc('scans_per_day', { p_from: '2026-01-10', p_to: '2026-01-01' });
      expect(invalid.status).toBe(400);
      expect(invalid.error).toMatchObject({ code: '22023' });
    });
  });

  describe('GET and HEAD run read-only, as in PostgREST', () => {
    it('a GET or HEAD of a function that writes does not run it: 405 25006, nothing changed', async () => {
      const fresh = await signedUpClient(srv.url);
      const call = (method: string, path: string) =>
        api(srv.url, `/rest/v1${path}`, { method, token: fresh.session.access_token });
      const get = await call('GET', '/rpc/load_sample_data');
      expect([get.status, get.body]).toEqual([
        405,
        { code: '25006', details: null, hint: null, message: 'cannot execute INSERT in a read-only transaction' },
      ]);
      expect((await call('HEAD', '/rpc/load_sample_data')).status).toBe(405);
      expect((await fresh.client.from('qr_codes').select('id')).data).toEqual([]);

      const { data: key } = await fresh.client.rpc('create_api_key', { p_name: 'kept' });
      const keyId = (key as Array<{ id: string }>)[0]!.id;
      const revoke = await call('GET', `/rpc/revoke_api_key?p_id=${keyId}`);
      expect([revoke.status, (revoke.body as { code: string }).code]).toEqual([405, '25006']);
      const keys = await fresh.client.from('api_keys').select('revoked_at').eq('id', keyId);
      expect(keys.data).toEqual([{ revoked_at: null }]);

      // Reads still work by GET, and the same call by POST runs.
      expect((await call('GET', '/rpc/dashboard_summary')).status).toBe(200);
      const post = await fresh.client.rpc('load_sample_data');
      expect(post.error).toBeNull();
      expect((await fresh.client.from('qr_codes').select('id')).data).toHaveLength(3);
    });
  });

  describe('free plan: 3 dynamic codes, enforced in the database', () => {
    it('refuses the 4th dynamic code (insert or update) with a clear P0001 error, and allows it after one is freed', async () => {
      const b = await signedUpClient(srv.url);
      const dyn = (n: number) => ({ name: `Dynamic ${n}`, destination: `https://example.com/${n}`, is_dynamic: true });
      const three = await b.client
        .from('qr_codes')
        .insert([dyn(1), dyn(2), dyn(3)])
        .select('id');
      expect(three.error).toBeNull();
      const fourth = await b.client.from('qr_codes').insert(dyn(4)).select();
      expect(fourth.status).toBe(400);
      expect(fourth.error).toMatchObject({
        code: 'P0001',
        message: LIMIT_MESSAGE,
        hint: expect.stringContaining('upgrade'),
      });
      const stat = await b.client
        .from('qr_codes')
        .insert({ name: 'Static', destination: 'https://example.com/s' })
        .select('id')
        .single();
      expect(stat.error).toBeNull();
      const promote = await b.client
        .from('qr_codes')
        .update({ is_dynamic: true })
        .eq('id', (stat.data as { id: string }).id);
      expect(promote.error).toMatchObject({ code: 'P0001', message: LIMIT_MESSAGE });
      // A batch that would cross the limit is refused as a whole.
      const ids = (three.data as { id: string }[]).map((r) => r.id);
      await b.client.from('qr_codes').delete().eq('id', ids[0]!);
      const batch = await b.client.from('qr_codes').insert([dyn(5), dyn(6)]);
      expect(batch.error).toMatchObject({ code: 'P0001' });
      const { count } = await b.client
        .from('qr_codes')
        .select('*', { count: 'exact', head: true })
        .eq('is_dynamic', true);
      expect(count).toBe(2);
      const again = await b.client.from('qr_codes').insert(dyn(7));
      expect(again.error).toBeNull();
      // Editing a dynamic code's other fields is not affected by the limit.
      const edit = await b.client
        .from('qr_codes')
        .update({ destination: 'https://example.com/edited' })
        .eq('id', ids[1]!);
      expect(edit.error).toBeNull();
    });

    it('counts hosted pages as dynamic codes (issue 32): a 4th page, or a page beside 3 redirects, is refused', async () => {
      const b = await signedUpClient(srv.url);
      const page = (n: number) => ({
        name: `Page ${n}`,
        type: 'links',
        is_dynamic: true,
        page: { v: 1, type: 'links', title: `Page ${n}`, links: [{ label: 'Site', url: 'https://example.com/' }] },
      });
      const two = await b.client
        .from('qr_codes')
        .insert([page(1), page(2)])
        .select('id');
      expect(two.error).toBeNull();
      const third = await b.client
        .from('qr_codes')
        .insert({ name: 'Redirect', destination: 'https://example.com/r', is_dynamic: true })
        .select('id')
        .single();
      expect(third.error).toBeNull();
      const fourth = await b.client.from('qr_codes').insert(page(4)).select();
      expect(fourth.error).toMatchObject({ code: 'P0001', message: LIMIT_MESSAGE });
      // Editing a page is an update of the same dynamic code: not a new one.
      const ids = (two.data as { id: string }[]).map((r) => r.id);
      const edit = await b.client
        .from('qr_codes')
        .update({ page: page(9).page })
        .eq('id', ids[0]!);
      expect(edit.error).toBeNull();
      await b.client
        .from('qr_codes')
        .delete()
        .eq('id', (third.data as { id: string }).id);
      const again = await b.client.from('qr_codes').insert(page(4)).select('id');
      expect(again.error).toBeNull();
    });
  });
});
