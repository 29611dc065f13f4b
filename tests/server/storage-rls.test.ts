// Storage RLS, quota and byte checks in the app's bucket (supabase/migrations/20261129000300_storage_page_files.sql)
// through supabase-js as two signed-in users: each writes only under the folder named by their id; another
// user's files cannot be read, listed, overwritten, moved, copied, signed or removed; uploads beyond the plan's
// file size or quota, and files whose bytes are not their declared type, are refused with a 4xx and leave neither
// a row nor a file; a hosted page cannot name another user's file. PGlite, and PostgreSQL with DATABASE_URL.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MenuPage } from '../../src/shared/pages/schema.ts';
import { SAMPLE_OWNER, SAMPLE_PAGES } from '../unit/pages/samples.ts';
import { backends, setPlan, signedUpClient, suiteServer } from './helpers.ts';

const BUCKET = 'page-files';
// A 1 × 1 PNG and the start of a PDF.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

describe.each(backends)('storage RLS and quota on %s', (backend) => {
  const srv = suiteServer(backend);
  let a: SupabaseClient;
  let b: SupabaseClient;
  let aId: string;
  let bId: string;

  beforeAll(async () => {
    const ua = await signedUpClient(srv.url);
    const ub = await signedUpClient(srv.url);
    [a, b, aId, bId] = [ua.client, ub.client, ua.user.id, ub.user.id];
    expect(
      (await a.storage.from(BUCKET).upload(`${aId}/doc.pdf`, PDF, { contentType: 'application/pdf' })).error,
    ).toBeNull();
  });

  const state = async () => ({
    rows: (await srv.server.db.query<{ name: string }>(`SELECT name FROM storage.objects ORDER BY name`)).map(
      (r) => r.name,
    ),
    files: (await readdir(join(srv.config.storage.dir, 'objects'))).length,
    parts: (await readdir(join(srv.config.storage.dir, 'tmp'))).length,
  });

  it('the owner reads, lists and signs their own file', async () => {
    const down = await a.storage.from(BUCKET).download(`${aId}/doc.pdf`);
    expect(Buffer.from(await down.data!.arrayBuffer())).toEqual(PDF);
    expect((await a.storage.from(BUCKET).list(aId)).data?.map((e) => e.name)).toEqual(['doc.pdf']);
    expect((await a.storage.from(BUCKET).createSignedUrl(`${aId}/doc.pdf`, 60)).error).toBeNull();
  });

  it('a user writes only under the folder named by their id', async () => {
    const res = await b.storage.from(BUCKET).upload(`${aId}/planted.pdf`, PDF, { contentType: 'application/pdf' });
    expect(res.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const root = await b.storage.from(BUCKET).upload('loose.pdf', PDF, { contentType: 'application/pdf' });
    expect(root.error).toMatchObject({ statusCode: '403' });
  });

  it("another user's file cannot be read, listed, overwritten, moved, copied, signed or removed", async () => {
    const path = `${aId}/doc.pdf`;
    const before = await state();
    expect((await b.storage.from(BUCKET).download(path)).error).not.toBeNull();
    expect((await b.storage.from(BUCKET).info(path)).error).not.toBeNull();
    expect((await b.storage.from(BUCKET).list(aId)).data).toEqual([]);
    expect((await b.storage.from(BUCKET).listV2({ prefix: aId })).data?.objects).toEqual([]);
    const over = await b.storage.from(BUCKET).upload(path, PDF, { contentType: 'application/pdf', upsert: true });
    expect(over.error).not.toBeNull();
    expect((await b.storage.from(BUCKET).update(path, PDF, { contentType: 'application/pdf' })).error).not.toBeNull();
    expect((await b.storage.from(BUCKET).move(path, `${bId}/stolen.pdf`)).error).not.toBeNull();
    expect((await b.storage.from(BUCKET).copy(path, `${bId}/stolen.pdf`)).error).not.toBeNull();
    expect((await b.storage.from(BUCKET).createSignedUrl(path, 60)).error).not.toBeNull();
    expect((await b.storage.from(BUCKET).createSignedUrls([path], 60)).data?.[0]?.signedUrl).toBeNull();
    expect((await b.storage.from(BUCKET).createSignedUploadUrl(path, { upsert: true })).error).not.toBeNull();
    expect((await b.storage.from(BUCKET).remove([path])).data).toEqual([]);
    const anon = await fetch(`${srv.url}/storage/v1/object/public/${BUCKET}/${path}`);
    expect(anon.status).toBe(400);
    expect(await state()).toEqual(before);
    const still = await a.storage.from(BUCKET).download(path);
    expect(Buffer.from(await still.data!.arrayBuffer())).toEqual(PDF);
  });

  it('a user moves and copies within their own folder but not into another user’s', async () => {
    await a.storage.from(BUCKET).upload(`${aId}/m.png`, PNG, { contentType: 'image/png' });
    expect((await a.storage.from(BUCKET).move(`${aId}/m.png`, `${bId}/m.png`)).error).not.toBeNull();
    expect((await a.storage.from(BUCKET).copy(`${aId}/m.png`, `${bId}/m.png`)).error).not.toBeNull();
    expect((await a.storage.from(BUCKET).move(`${aId}/m.png`, `${aId}/n.png`)).error).toBeNull();
    expect((await a.storage.from(BUCKET).copy(`${aId}/n.png`, `${aId}/o.png`)).error).toBeNull();
    expect((await a.storage.from(BUCKET).remove([`${aId}/n.png`, `${aId}/o.png`])).data).toHaveLength(2);
  });

  it('mislabelled files are refused with 415 and leave nothing behind', async () => {
    const before = await state();
    const pngAsPdf = await a.storage.from(BUCKET).upload(`${aId}/fake.pdf`, PNG, { contentType: 'application/pdf' });
    expect(pngAsPdf.error).toMatchObject({ statusCode: '415' });
    expect(pngAsPdf.error?.message).toMatch(/image\/png, not application\/pdf/);
    const htmlAsImage = await a.storage.from(BUCKET).upload(`${aId}/x.png`, new Blob([HTML], { type: 'image/png' }));
    expect(htmlAsImage.error).toMatchObject({ statusCode: '415' });
    const html = await a.storage.from(BUCKET).upload(`${aId}/x.html`, HTML, { contentType: 'text/html' });
    expect(html.error).toMatchObject({ statusCode: '415', message: 'mime type text/html is not supported' });
    expect(await state()).toEqual(before);
  });

  it('the Free plan’s file size and quota hold, Pro’s are larger, and usage is reported', async () => {
    const before = await state();
    const big = Buffer.concat([PDF, Buffer.alloc(20_000_001 - PDF.length)]);
    const tooBig = await a.storage.from(BUCKET).upload(`${aId}/big.pdf`, big, { contentType: 'application/pdf' });
    expect(tooBig.error).toMatchObject({ statusCode: '413' });
    expect(tooBig.error?.message).toMatch(/larger than your plan allows/);
    expect(await state()).toEqual(before);
    const usage = await a.rpc('storage_usage').single();
    expect(usage.data).toEqual({ used_bytes: PDF.length, quota_bytes: 100_000_000, file_limit_bytes: 20_000_000 });
    // Five files of 19.9 MB fill the 100 MB quota; the sixth is refused.
    const chunk = Buffer.concat([PDF, Buffer.alloc(19_900_000 - PDF.length)]);
    for (let i = 0; i < 5; i++) {
      const up = await b.storage.from(BUCKET).upload(`${bId}/q${i}.pdf`, chunk, { contentType: 'application/pdf' });
      expect(up.error).toBeNull();
    }
    const over = await b.storage.from(BUCKET).upload(`${bId}/q5.pdf`, chunk, { contentType: 'application/pdf' });
    expect(over.error).toMatchObject({ statusCode: '413' });
    expect(over.error?.message).toMatch(/Storage quota exceeded/);
    // Pro (app metadata, set by the service role): 100 MB per file, 5 GB in all.
    await srv.server.db.query(
      `UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || '{"plan":"pro"}' WHERE id = $1`,
      [bId],
    );
    expect(
      (await b.storage.from(BUCKET).upload(`${bId}/q5.pdf`, chunk, { contentType: 'application/pdf' })).error,
    ).toBeNull();
    const pro = await b.rpc('storage_usage').single();
    expect(pro.data).toEqual({ used_bytes: 6 * 19_900_000, quota_bytes: 5_000_000_000, file_limit_bytes: 100_000_000 });
    const removed = await b.storage.from(BUCKET).remove([0, 1, 2, 3, 4, 5].map((i) => `${bId}/q${i}.pdf`));
    expect(removed.data).toHaveLength(6);
    // Business (20261129005320_storage_business_quota.sql): 100 MB per file, 20 GB in all.
    await setPlan(srv.server.db, bId, 'business');
    const business = await b.rpc('storage_usage').single();
    expect(business.data).toEqual({ used_bytes: 0, quota_bytes: 20_000_000_000, file_limit_bytes: 100_000_000 });
  });

  it("a hosted page cannot name another user's file: not on insert, not on update, not as the service role", async () => {
    // 20261129005310_file_pages.sql; serving the files: page-files-cases.ts.
    const theirs = `${aId}/doc.pdf`;
    const pdf = (file: string) => ({ v: 1, type: 'pdf', title: 'Mine', file });
    const images = (path: string) => ({ v: 1, type: 'images', title: 'Mine', images: [{ path, width: 1, height: 1 }] });
    const refused = ['23514', 'new row for relation "qr_codes" violates check constraint "qr_codes_page_files_owned"'];
    const picture = (path: string) => ({ path, width: 64, height: 64 });
    // A menu whose last item has this photo (the others none).
    const menuWith = (photo: ReturnType<typeof picture>) => {
      const menu = SAMPLE_PAGES.menu as MenuPage;
      const [first, ...others] = menu.sections;
      return {
        ...menu,
        sections: [...others, { ...first!, items: [...first!.items, { name: 'Dish', price: 1, photo }] }],
      };
    };
    for (const page of [
      pdf(theirs),
      { ...pdf(`${bId}/mine.pdf`), cover: { path: `${aId}/c.png`, width: 1, height: 1 } },
      images(`${aId}/x.webp`),
      pdf(`${SAMPLE_OWNER}/nobody.pdf`),
      // Pictures (20261129006100_page_pictures.sql): a logo on any type, a vCard photo, a Links avatar, a menu photo.
      { ...pdf(`${bId}/mine.pdf`), logo: picture(`${aId}/logo.png`) },
      { ...SAMPLE_PAGES.coupon, logo: picture(`${aId}/logo.webp`) },
      { ...SAMPLE_PAGES.vcard, photo: picture(`${aId}/me.jpg`) },
      { ...SAMPLE_PAGES.links, avatar: picture(`${aId}/me.webp`), logo: picture(`${bId}/logo.png`) },
      { ...menuWith(picture(`${bId}/ok.webp`)), sections: [...menuWith(picture(`${aId}/dish.webp`)).sections] },
    ]) {
      const { error } = await b.from('qr_codes').insert({ name: 'Theft', is_dynamic: true, page });
      expect([error?.code, error?.message]).toEqual(refused);
    }
    // The same pages with their own pictures are stored.
    for (const page of [
      { ...SAMPLE_PAGES.vcard, photo: picture(`${bId}/me.jpg`), logo: picture(`${bId}/logo.png`) },
      menuWith(picture(`${bId}/dish.webp`)),
    ]) {
      const { error } = await b.from('qr_codes').insert({ name: 'Mine too', is_dynamic: true, page });
      expect(error).toBeNull();
    }
    await b.from('qr_codes').delete().eq('name', 'Mine too');
    const { data, error } = await b
      .from('qr_codes')
      .insert({ name: 'Mine', is_dynamic: true, page: pdf(`${bId}/mine.pdf`) })
      .select('id')
      .single();
    expect(error).toBeNull();
    const id = (data as { id: string }).id;
    const update = await b
      .from('qr_codes')
      .update({ page: pdf(theirs) })
      .eq('id', id);
    expect([update.error?.code, update.error?.message]).toEqual(refused);
    // Not even a writer RLS does not stop (an SQL console, the service role) can store one.
    await expect(
      srv.server.db.query('UPDATE public.qr_codes SET page = $2::jsonb WHERE id = $1', [
        id,
        JSON.stringify(pdf(theirs)),
      ]),
    ).rejects.toThrow(/qr_codes_page_files_owned/);
    const stored = await srv.server.db.query<{ file: string }>(
      "SELECT page ->> 'file' AS file FROM public.qr_codes WHERE user_id = $1",
      [bId],
    );
    expect(stored).toEqual([{ file: `${bId}/mine.pdf` }]);
  });
});
