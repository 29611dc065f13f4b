// A PDF or Images page's files, as cases that run against any runtime serving the redirect: the local server's
// /r/<slug>/file/<n> (scan-rules.test.ts) and the Edge Function under Deno (edge-function.test.ts), which signs
// through supabase-js's storage client against the local server. The page links its files to /file/<n>, never to
// their Storage paths; /file/<n> checks the page as a scan would (never counting one) and 302s to a URL signed for
// a minute; a paused or deleted page, or a removed file, stops at once, and a URL handed out before dies within
// the minute. A vCard Plus page's photo is read from Storage by the runtime (RedirectDeps.readFile) and embedded in
// its .vcf.
import { createCanvas } from '@napi-rs/canvas';
import ICAL from 'ical.js';
import { expect, it } from 'vitest';
import { VCARD_PHOTO_MAX_BYTES } from '../../src/shared/pages/files.ts';
import { signedUpClient } from './helpers.ts';
import type { RedirectUnderTest } from './redirect-cases.ts';
import { IPHONE } from './user-agents.ts';

// A 1 × 1 PNG and a small PDF.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A small JPEG photo, as the editor uploads a vCard photo (drawn, then encoded by @napi-rs/canvas). */
function jpegPhoto(): Buffer {
  const canvas = createCanvas(48, 64);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#2b6cb0';
  ctx.fillRect(0, 0, 48, 64);
  ctx.fillStyle = '#f6ad55';
  ctx.fillRect(12, 12, 24, 24);
  return canvas.toBuffer('image/jpeg');
}

export function pageFilesCases(target: RedirectUnderTest): void {
  const get = (path: string) =>
    fetch(target.urlOf(path), {
      redirect: 'manual',
      headers: { 'User-Agent': IPHONE, 'X-Forwarded-For': '81.2.69.160' },
    });
  /** Follows a /file/<n> answer's Location (relative on the local server, absolute on the edge). */
  const follow = (res: Response, slug: string) =>
    fetch(new URL(res.headers.get('location')!, target.urlOf(slug)), { redirect: 'manual' });
  const scanCount = async (id: string) =>
    (
      await target.srv.server.db.query<{ n: string }>(
        'SELECT count(*)::text AS n FROM public.scan_events WHERE qr_code_id = $1',
        [id],
      )
    )[0]!.n;

  it('a PDF page: its files are served through /file/<n> as signed URLs, never counted; a pause stops them and the URLs die within a minute', async () => {
    const { client, user } = await signedUpClient(target.srv.url);
    const files = client.storage.from('page-files');
    expect((await files.upload(`${user.id}/doc.pdf`, PDF, { contentType: 'application/pdf' })).error).toBeNull();
    expect((await files.upload(`${user.id}/cover.png`, PNG, { contentType: 'image/png' })).error).toBeNull();
    const page = {
      v: 1,
      type: 'pdf',
      title: 'Price list',
      file: `${user.id}/doc.pdf`,
      cover: { path: `${user.id}/cover.png`, width: 1, height: 1 },
    };
    const { data, error } = await client
      .from('qr_codes')
      .insert({ name: 'PDF', is_dynamic: true, page })
      .select('id, slug')
      .single();
    expect(error).toBeNull();
    const { id, slug } = data as { id: string; slug: string };

    const html = await (await get(slug)).text();
    expect(html).toContain(`href="/r/${slug}/file/0"`);
    expect(html).toContain(`href="/r/${slug}/file/0?download"`);
    expect(html).toContain(`src="/r/${slug}/file/1"`);
    expect(html).not.toContain(user.id);

    const open = await get(`${slug}/file/0`);
    expect([open.status, open.headers.get('cache-control')]).toEqual([302, 'no-store']);
    const pdf = await follow(open, slug);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(Buffer.from(await pdf.arrayBuffer())).toEqual(PDF);
    const download = await follow(await get(`${slug}/file/0?download`), slug);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename(\*=UTF-8'')?"?doc\.pdf"?$/);
    await download.arrayBuffer();
    const cover = await follow(await get(`${slug}/file/1`), slug);
    expect(Buffer.from(await cover.arrayBuffer())).toEqual(PNG);
    for (const missing of ['file/2', 'file/01', 'file/x', 'file/100']) {
      expect((await get(`${slug}/${missing}`)).status, missing).toBe(404);
    }
    // Only the page's scan counted, none of its files.
    expect(await scanCount(id)).toBe('1');

    // Paused: the page and its files stop now; a URL signed before works until its minute is up, then never.
    const before = await get(`${slug}/file/0`);
    await client.from('qr_codes').update({ status: 'paused' }).eq('id', id);
    const paused = await get(`${slug}/file/0`);
    expect([paused.status, paused.headers.get('location')]).toEqual([404, null]);
    expect(await paused.text()).toContain('This QR code is not active');
    expect((await follow(before, slug)).status).toBe(200);
    target.srv.clock.advance(61);
    const expired = await follow(before, slug);
    expect(expired.status).toBeGreaterThanOrEqual(400);
    expect(await expired.text()).toContain('jwt expired');

    // Active again: served; the file removed from Storage: 404; the code deleted: 404.
    await client.from('qr_codes').update({ status: 'active' }).eq('id', id);
    expect((await get(`${slug}/file/1`)).status).toBe(302);
    expect((await files.remove([`${user.id}/cover.png`])).error).toBeNull();
    expect((await get(`${slug}/file/1`)).status).toBe(404);
    expect((await get(`${slug}/file/0`)).status).toBe(302);
    await client.from('qr_codes').delete().eq('id', id);
    expect((await get(`${slug}/file/0`)).status).toBe(404);
    expect(await scanCount(id)).toBe('0');
    expect(target.errors()).toEqual([]);
  });

  it("a vCard page: its photo is embedded in the .vcf (read from Storage), and it and the owner's logo are its files", async () => {
    const { client, user } = await signedUpClient(target.srv.url);
    const files = client.storage.from('page-files');
    const photo = jpegPhoto();
    // A file only its first bytes make a JPEG, too large to embed (one not resized by the editor).
    const large = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(VCARD_PHOTO_MAX_BYTES)]);
    for (const [name, bytes, contentType] of [
      ['me.jpg', photo, 'image/jpeg'],
      ['large.jpg', large, 'image/jpeg'],
      ['logo.png', PNG, 'image/png'],
    ] as const) {
      expect((await files.upload(`${user.id}/${name}`, bytes, { contentType })).error).toBeNull();
    }
    const page = {
      v: 1,
      type: 'vcard',
      firstName: 'Ada',
      lastName: 'Lovelace',
      photo: { path: `${user.id}/me.jpg`, width: 48, height: 64 },
      logo: { path: `${user.id}/logo.png`, width: 1, height: 1 },
    };
    const { data, error } = await client
      .from('qr_codes')
      .insert({ name: 'Card', is_dynamic: true, page })
      .select('id, slug')
      .single();
    expect(error).toBeNull();
    const { id, slug } = data as { id: string; slug: string };
    const html = await (await get(slug)).text();
    expect(html).toContain(`src="/r/${slug}/file/0"`);
    expect(html).toContain(`src="/r/${slug}/file/1"`);
    expect(html).not.toContain(user.id);
    expect(Buffer.from(await (await follow(await get(`${slug}/file/0`), slug)).arrayBuffer())).toEqual(photo);
    expect(Buffer.from(await (await follow(await get(`${slug}/file/1`), slug)).arrayBuffer())).toEqual(PNG);

    const card = async () => {
      const res = await get(`${slug}/contact.vcf`);
      expect(res.status).toBe(200);
      return new ICAL.Component(ICAL.parse(await res.text()) as unknown[]);
    };
    const embedded = (await card()).getFirstProperty('photo');
    expect([embedded?.getParameter('encoding'), embedded?.getParameter('type')]).toEqual(['b', 'JPEG']);
    expect(Buffer.from(String(embedded?.getFirstValue()), 'base64')).toEqual(photo);
    // Too large to embed, or gone from Storage: the contact file is served without a photo.
    await client
      .from('qr_codes')
      .update({ page: { ...page, photo: { ...page.photo, path: `${user.id}/large.jpg` } } })
      .eq('id', id);
    const withoutLarge = await card();
    expect([withoutLarge.getFirstProperty('photo'), withoutLarge.getFirstPropertyValue('fn')]).toEqual([
      null,
      'Ada Lovelace',
    ]);
    await client.from('qr_codes').update({ page }).eq('id', id);
    expect((await files.remove([`${user.id}/me.jpg`])).error).toBeNull();
    expect((await card()).getFirstProperty('photo')).toBeNull();
    expect(await scanCount(id)).toBe('1');
    expect(target.errors()).toEqual([]);
  });

  it('an Images page: /file/<n> serves the n-th image, and a code without files has none', async () => {
    const { client, user } = await signedUpClient(target.srv.url);
    const files = client.storage.from('page-files');
    for (const name of ['a.png', 'b.png']) {
      expect((await files.upload(`${user.id}/${name}`, PNG, { contentType: 'image/png' })).error).toBeNull();
    }
    const images = ['a.png', 'b.png'].map((n, i) => ({
      path: `${user.id}/${n}`,
      width: 1,
      height: 1,
      caption: `#${i}`,
    }));
    const { data } = await client
      .from('qr_codes')
      .insert({ name: 'Gallery', is_dynamic: true, page: { v: 1, type: 'images', title: 'Gallery', images } })
      .select('slug')
      .single();
    const { slug } = data as { slug: string };
    const second = await get(`${slug}/file/1`);
    expect(second.status).toBe(302);
    expect((await follow(second, slug)).headers.get('content-type')).toBe('image/png');
    expect((await get(`${slug}/file/2`)).status).toBe(404);
    const { data: plain } = await client
      .from('qr_codes')
      .insert({ name: 'Plain', is_dynamic: true, destination: 'https://example.com/x' })
      .select('slug')
      .single();
    expect((await get(`${(plain as { slug: string }).slug}/file/0`)).status).toBe(404);
    expect(target.errors()).toEqual([]);
  });
}
