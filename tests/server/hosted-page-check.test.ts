// The database refuses exactly the hosted pages the zod schema refuses: public.hosted_page_problem
// (supabase/migrations/20261129004400_hosted_pages.sql) and hostedPageSchema (src/shared/pages/schema.ts) judge the
// same 2,000 seeded pages (valid ones and ones broken by random mutations: hostile links, unknown keys and types,
// wrong types, out-of-range prices, long and control-character strings, unknown zones, pictures (a logo, a vCard
// photo, a Links avatar, menu photos) misplaced, misnamed or too many), in one query; public.page_file_paths lists
// the same files as pageFiles() for every valid one (the qr_codes_page_files_owned check reads them all); then the
// table's check refuses a hostile page through the data API and stores nothing.
import { describe, expect, it } from 'vitest';
import { MAX_MENU_PHOTOS, PAGE_TYPES, hostedPageSchema, pageFiles } from '../../src/shared/pages/schema.ts';
import { prng } from '../helpers/prng.ts';
import { PICTURE_PAGES, SAMPLE_OWNER, SAMPLE_PAGES } from '../unit/pages/samples.ts';
import { backends, signedUpClient, suiteServer } from './helpers.ts';
import { compareWithSqlTwin } from './sql-twin.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function cases(seed: number, n: number): Json[] {
  const rnd = prng(seed);
  const int = (k: number) => Math.floor(rnd() * k);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const link = () =>
    pick([
      'https://a.example/',
      'http://b.example/p?x=1#f',
      'mailto:hi@example.com',
      'tel:+44 20 7946 0958',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'https://user:pw@bank.example/',
      'ftp://a.example/',
      'mailto:a@b@c',
      'tel:abc',
      '//a.example/',
      `https://a.example/${'x'.repeat(2050)}`,
    ]);
  const text = () =>
    pick(['Café', '', 'x'.repeat(61), 'x'.repeat(81), 'a\u0007b', 'line\nbreak', 'ok', '<script>', 'é'.repeat(60)]);
  const samples = [...Object.values(SAMPLE_PAGES), ...Object.values(PICTURE_PAGES)] as unknown as Record<
    string,
    Json
  >[];
  const mutate = (p: Record<string, Json>): Json => {
    const copy = JSON.parse(JSON.stringify(p)) as Record<string, Json>;
    const path = () =>
      pick([
        `${SAMPLE_OWNER}/a.pdf`,
        `${SAMPLE_OWNER}/b.webp`,
        `${SAMPLE_OWNER}/c.jpg`,
        `${SAMPLE_OWNER}/d.png`,
        `${SAMPLE_OWNER}/e.gif`,
        `${SAMPLE_OWNER}/../x.pdf`,
        `${SAMPLE_OWNER}/sub/x.pdf`,
        `${SAMPLE_OWNER.toUpperCase()}/a.pdf`,
        'a.pdf',
        `${SAMPLE_OWNER}/${'x'.repeat(101)}.pdf`,
        `${SAMPLE_OWNER}/a.pdf\n`,
      ]);
    const image = (): Json => ({
      path: path(),
      width: pick<Json>([1, 2000, 10000, 10001, 0, 1.5, '200']),
      height: pick<Json>([1500, 1]),
      ...(rnd() < 0.5 ? { caption: text() } : {}),
      ...(rnd() < 0.1 ? { alt: 'x' } : {}),
    });
    // A picture: valid more often than not, else with a broken path or size, a caption or an unknown key.
    const picture = (): Json =>
      rnd() < 0.6
        ? {
            path: pick([`${SAMPLE_OWNER}/p.jpg`, `${SAMPLE_OWNER}/p.webp`, `${SAMPLE_OWNER}/p.png`]),
            width: 64,
            height: 48,
          }
        : image();
    const dish = (photo: Json | null): Json => ({ name: 'Dish', price: 4.5, ...(photo ? { photo } : {}) });
    const slot = (): Json =>
      pick<Json>([
        { opens: '09:00', closes: '18:00' },
        { opens: '00:00', closes: '24:00' },
        { opens: '18:00', closes: '09:00' },
        { opens: '24:00', closes: '24:00' },
        { opens: '9:00', closes: '18:00' },
        { opens: '09:00', closes: '18:00', extra: 1 },
        { opens: '09:60', closes: '10:00' },
      ]);
    const slots = (): Json => pick<Json>([[], [slot()], [slot(), slot()], [slot(), slot(), slot(), slot()], null, 'x']);
    switch (int(21)) {
      case 18:
        // Feedback: the questions and their options.
        return {
          ...copy,
          type: pick(['feedback', copy.type!]),
          ratingQuestion: pick<Json>([text(), 'x'.repeat(140), 'x'.repeat(141), 3]),
          askComment: pick<Json>([true, false, 'yes', null]),
          choice: pick<Json>([
            { question: 'Q', options: ['a', 'b'] },
            { question: 'Q', options: ['a'] },
            { question: 'Q', options: ['1', '2', '3', '4', '5', '6', '7'] },
            { question: text(), options: [text(), text()] },
            { question: 'Q' },
          ]),
          thanks: pick([text(), 'a\nb', 'y'.repeat(301)]),
        };
      case 19:
        // Event: times, zone, image and link.
        return {
          ...copy,
          type: pick(['event', copy.type!]),
          start: pick(['2026-03-28T18:00:00Z', '2026-03-28T18:00:00.000Z', '2026-02-30T10:00:00Z', 'soon']),
          end: pick(['2026-03-29T01:30:00Z', '2026-03-28T18:00:00Z', '2026-03-28T17:00:00Z']),
          timeZone: pick(['Europe/Berlin', 'Mars/Olympus', 'UTC']),
          image: pick<Json>([picture(), image()]),
          url: link(),
          organiser: text(),
        };
      case 20: {
        // Business: hours per day, exceptions, socials.
        const day = pick(['mon', 'tue', 'sun', 'someday']);
        return {
          ...copy,
          type: pick(['business', copy.type!]),
          hours: pick<Json>([{ [day]: slots() }, {}, { mon: slots(), sat: slots() }, null]),
          exceptions: pick<Json>([
            [{ date: '2026-12-24', slots: slots() }],
            [{ date: pick(['2026-02-29', '2028-02-29', '1999-01-01', '2026-1-1']), slots: [] }],
            [
              { date: '2026-12-24', slots: [] },
              { date: '2026-12-24', note: 'x', slots: [] },
            ],
            [{ date: '2026-12-31', note: text(), slots: [] }],
          ]),
          socials: pick<Json>([
            [{ network: 'instagram', url: link() }],
            [{ network: 'myspace', url: 'https://a.example/' }],
            Array.from({ length: 13 }, () => ({ network: 'x', url: 'https://x.example/' })),
          ]),
          cover: pick<Json>([picture(), image()]),
          phone: pick(['+49 30 1234', 'call me']),
        };
      }
      case 16:
        return { ...copy, [pick(['logo', 'logo', 'photo', 'avatar'])]: pick<Json>([picture(), picture(), null, 'x']) };
      case 17: {
        // Menu photos: a few, or around the limit (60 to 63: two sections of n or n + 1 items, each with a photo).
        const n = pick([1, 3, MAX_MENU_PHOTOS / 2, MAX_MENU_PHOTOS / 2 + 1]);
        // Around the limit every photo is valid, so that only their number decides.
        const valid = { path: `${SAMPLE_OWNER}/p.webp`, width: 64, height: 48 };
        const section = (length: number): Json => ({
          name: 'S',
          items: Array.from({ length }, (_, i) => dish(n > 3 ? valid : i % 3 === 1 ? null : picture())),
        });
        const menu = rnd() < 0.8 ? (pick([SAMPLE_PAGES.menu, PICTURE_PAGES.menu]) as unknown as Json) : copy;
        return { ...(menu as Record<string, Json>), sections: [section(n), section(n + int(2))] };
      }
      case 0:
        return { ...copy, v: pick([2, '1', null]) };
      case 1:
        return { ...copy, type: pick(['pdf', 'LINKS', '', 'menu', 'coupon', 'vcard', 'links']) };
      case 2:
        return { ...copy, [pick(['title', 'headline', 'firstName', 'company', 'hours', 'role'])]: text() };
      case 3:
        return { ...copy, [pick(['bio', 'note', 'offer', 'terms'])]: pick([text(), 'a\nb', 'y'.repeat(1001)]) };
      case 4:
        return { ...copy, links: pick<Json>([[{ label: 'x', url: link() }], [], [{ label: text(), url: link() }]]) };
      case 5:
        return {
          ...copy,
          theme: pick<Json>([
            { background: '#fff', accent: '#000000' },
            { background: '#ABCDEF', accent: '#123456' },
            {},
          ]),
        };
      case 6:
        return { ...copy, extra: 1 };
      case 7:
        return {
          ...copy,
          sections: [{ name: 'S', items: [{ name: 'I', price: pick<Json>([0, 1.5, 1.555, -1, 1000001, '2', 2.1]) }] }],
        };
      case 8:
        return {
          ...copy,
          sections: [{ name: 'S', items: [{ name: 'I', price: 1, tags: pick<Json>([['vegan'], ['meat'], []]) }] }],
        };
      case 9:
        return { ...copy, currency: pick(['EUR', 'eur', 'EURO', 1]), locale: pick(['de-DE', 'de', 'DE', 'de_DE']) };
      case 10:
        return {
          ...copy,
          validFrom: pick(['2026-03-01T00:00:00Z', '2026-13-01T00:00:00Z', 'soon']),
          validUntil: pick(['2026-02-01T00:00:00Z', '2026-06-01T00:00:00Z']),
          timeZone: pick(['Europe/Berlin', 'Mars/Olympus', 'UTC', 'EST5']),
        };
      case 11:
        return { ...copy, code: pick(['SPRING-20', 'has space', 'x'.repeat(41), '']), redeemUrl: link() };
      case 12:
        return {
          ...copy,
          phones: pick<Json>([
            [{ number: '+1 555 0100' }],
            [{ number: 'call me' }],
            [{ label: 'x'.repeat(21), number: '123' }],
          ]),
          emails: pick<Json>([['a@b.example'], ['not an email'], []]),
          website: link(),
        };
      case 13:
        return {
          ...copy,
          type: pick(['pdf', 'images', copy.type!]),
          file: path(),
          cover: pick<Json>([image(), { path: `${SAMPLE_OWNER}/c.webp`, width: 10, height: 10 }, 'x']),
          description: pick(['', 'a\nb', 'y'.repeat(301), 'y'.repeat(501)]),
        };
      case 14:
        return {
          ...copy,
          images: pick<Json>([
            [image()],
            [],
            Array.from({ length: 21 }, () => ({ path: `${SAMPLE_OWNER}/i.jpg`, width: 1, height: 1 })),
            [image(), image(), 'x'],
          ]),
        };
      default:
        return pick<Json>([null, [], 'page', 1, { ...copy, address: { street: text(), planet: 'Mars' } }]);
    }
  };
  return Array.from({ length: n }, () => {
    const p = pick(samples);
    return rnd() < 0.25 ? p : mutate(p);
  });
}

describe.each(backends)('hosted page check on %s', (backend) => {
  const srv = suiteServer(backend);

  it('public.hosted_page_problem refuses exactly what hostedPageSchema refuses (2,000 seeded pages)', async () => {
    const objects = cases(32, 2_000);
    const { mismatches, accepted } = await compareWithSqlTwin(
      srv.server.db,
      'hosted_page_problem',
      hostedPageSchema,
      objects,
    );
    expect(mismatches.slice(0, 8)).toEqual([]);
    expect(accepted).toBeGreaterThan(500);
    // Pictures are judged both ways too: valid pages with each kind, and broken ones.
    const valid = objects.filter((o) => hostedPageSchema.safeParse(o).success) as Record<string, Json>[];
    const menuPhotos = (o: Record<string, Json>) => JSON.stringify(o.sections ?? []).split('"photo"').length - 1;
    expect([
      valid.filter((o) => o.logo).length > 50,
      valid.filter((o) => o.type === 'vcard' && o.photo).length > 10,
      valid.filter((o) => o.type === 'links' && o.avatar).length > 10,
      valid.filter((o) => o.type === 'menu' && menuPhotos(o) === MAX_MENU_PHOTOS).length > 3,
      objects.filter(
        (o) =>
          o !== null &&
          typeof o === 'object' &&
          'sections' in o &&
          menuPhotos(o as Record<string, Json>) > MAX_MENU_PHOTOS,
      ).length > 3,
    ]).toEqual([true, true, true, true, true]);

    // The files the owner check reads are the files the page shows, in the same order.
    const rows = await srv.server.db.query<{ paths: string[] }>(
      `select array(select public.page_file_paths(t::jsonb)) as paths
         from unnest($1::text[]) with ordinality as u(t, n) order by n`,
      [valid.map((v) => JSON.stringify(v))],
    );
    const differ = valid.filter(
      (v, i) => JSON.stringify(rows[i]!.paths) !== JSON.stringify(pageFiles(hostedPageSchema.parse(v))),
    );
    expect(differ.slice(0, 3)).toEqual([]);
    expect(valid.filter((v) => pageFiles(hostedPageSchema.parse(v)).length > 1).length).toBeGreaterThan(100);
    expect(objects.length - accepted).toBeGreaterThan(500);
    // Every type is judged both ways (the file types too), not only the ones the samples happen to favour.
    for (const type of PAGE_TYPES) {
      const ofType = objects.filter((o) => (o as { type?: unknown } | null)?.type === type);
      const valid = ofType.filter((o) => hostedPageSchema.safeParse(o).success).length;
      expect([type, valid > 20, ofType.length - valid > 20]).toEqual([type, true, true]);
    }
  });

  it('the table refuses a hostile page through the data API and stores nothing', async () => {
    const { client } = await signedUpClient(srv.url);
    for (const page of [
      { ...SAMPLE_PAGES.links, links: [{ label: 'x', url: 'javascript:alert(1)' }] },
      { ...SAMPLE_PAGES.coupon, redeemUrl: 'data:text/html,<b>x</b>' },
      { ...SAMPLE_PAGES.links, title: 'a\u0007b' },
    ]) {
      const { data, error } = await client
        .from('qr_codes')
        .insert({ name: 'Hostile page', is_dynamic: true, page })
        .select();
      expect([error?.code, error?.message]).toEqual([
        '23514',
        'new row for relation "qr_codes" violates check constraint "qr_codes_page_valid"',
      ]);
      expect(data).toBeNull();
    }
    const { data: stored } = await client.from('qr_codes').select('id').eq('name', 'Hostile page');
    expect(stored).toEqual([]);
    const { error } = await client
      .from('qr_codes')
      .insert({ name: 'Static page', is_dynamic: false, page: SAMPLE_PAGES.links });
    expect(error?.message).toContain('qr_codes_page_dynamic');
    // A valid page needs no destination.
    const { error: valid } = await client
      .from('qr_codes')
      .insert({ name: 'Page', is_dynamic: true, page: SAMPLE_PAGES.menu });
    expect(valid).toBeNull();
  });
});
