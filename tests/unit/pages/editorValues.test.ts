// The page editor's form values (src/features/pages/pageValues.ts) against the shared schema: a filled form is a
// valid page, a saved page fills the form and comes back unchanged, and a coupon's wall-clock dates are stored as
// the UTC instants of the owner's zone. PDF and Images pages keep their files' paths and images' sizes, and so do
// the pictures (a logo on any page, a vCard photo, a Links avatar, menu photos).
import { describe, expect, it } from 'vitest';
import { MAX_MENU_PHOTOS, hostedPageSchema, type HostedPage } from '../../../src/shared/pages/schema.ts';
import {
  blankMenuItem,
  blankValues,
  noImage,
  menuPhotosFull,
  toPage,
  toValues,
  type PageValues,
} from '../../../src/features/pages/pageValues.ts';
import { instantToWallTime, wallTimeToInstant } from '../../../src/features/pages/zonedTime.ts';
import { PICTURE_PAGES, SAMPLE_PAGES } from './samples.ts';

const theme = { background: '#fff8e7', accent: '#7b2d26' };
const OWNER = '0b6f5a4e-8c1d-4f2a-9e3b-7d5c6a1b2c3d';
const PAGES: HostedPage[] = [
  {
    v: 1,
    type: 'links',
    theme,
    title: 'Ada’s Bakery',
    bio: 'Bread\nand cakes',
    links: [
      { label: 'Order', url: 'https://example.com/order' },
      { label: 'Call', url: 'tel:+44 20 7946 0000' },
    ],
  },
  {
    v: 1,
    type: 'vcard',
    theme,
    firstName: 'Ada',
    lastName: 'Lovelace',
    company: 'Analytical Engines',
    phones: [{ label: 'Mobile', number: '+44 7700 900123' }, { number: '+44 20 7946 0000' }],
    emails: ['ada@example.com'],
    address: { city: 'London', country: 'UK' },
  },
  {
    v: 1,
    type: 'menu',
    theme,
    title: 'Trattoria',
    currency: 'EUR',
    locale: 'de-DE',
    sections: [{ name: 'Pizza', items: [{ name: 'Margherita', price: 9.5, tags: ['vegetarian'] }] }],
  },
  {
    v: 1,
    type: 'coupon',
    theme,
    headline: '20% off',
    code: 'SPRING20',
    validFrom: '2026-03-29T00:30:00Z',
    validUntil: '2026-12-31T22:59:00Z',
    timeZone: 'Europe/Paris',
  },
  {
    v: 1,
    type: 'pdf',
    theme,
    title: 'Spring catalogue',
    description: 'Our prices\nfor 2026',
    file: `${OWNER}/Xk3_a-9.pdf`,
    cover: { path: `${OWNER}/c0ver.webp`, width: 1200, height: 1697 },
  },
  { v: 1, type: 'pdf', theme, title: 'No cover', file: `${OWNER}/doc.pdf` },
  {
    v: 1,
    type: 'images',
    theme,
    title: 'The new shop',
    images: [
      { path: `${OWNER}/a.webp`, width: 2000, height: 1500, caption: 'The counter' },
      { path: `${OWNER}/b.jpg`, width: 800, height: 1200 },
    ],
  },
];

const picture = (name: string) => ({ path: `${OWNER}/${name}`, width: 512, height: 384 });
PAGES.push(
  { ...(PAGES[0] as Extract<HostedPage, { type: 'links' }>), logo: picture('logo.png'), avatar: picture('me.webp') },
  { ...(PAGES[1] as Extract<HostedPage, { type: 'vcard' }>), photo: picture('ada.jpg') },
  {
    v: 1,
    type: 'menu',
    theme,
    logo: picture('logo.webp'),
    title: 'Trattoria',
    currency: 'EUR',
    sections: [
      {
        name: 'Pizza',
        items: [
          { name: 'Margherita', price: 9.5, photo: picture('m.webp') },
          { name: 'Marinara', price: 8 },
        ],
      },
    ],
  },
);

// Issue 33's types, plain and with their pictures (an event's image, a business's cover, the logo).
PAGES.push(
  SAMPLE_PAGES.feedback,
  { ...(SAMPLE_PAGES.feedback as Extract<HostedPage, { type: 'feedback' }>), choice: undefined, askEmail: undefined },
  { ...SAMPLE_PAGES.event, theme },
  { ...PICTURE_PAGES.event, theme },
  { ...SAMPLE_PAGES.business, theme },
  { ...PICTURE_PAGES.business, theme },
);

describe('page editor values', () => {
  it.each(PAGES.map((p) => [p.type, p] as const))(
    '%s: a saved page fills the form and comes back as it was',
    (_, page) => {
      const values = toValues(page);
      const back = hostedPageSchema.parse(toPage(values));
      expect(back).toEqual(page);
    },
  );

  it('a new form is not a page yet, and says so at the required fields', () => {
    for (const type of [
      'links',
      'vcard',
      'menu',
      'coupon',
      'pdf',
      'images',
      'feedback',
      'event',
      'business',
    ] as const) {
      const result = hostedPageSchema.safeParse(toPage(blankValues(type)));
      // A vCard may be as little as a name-less card; every other type needs its title or headline.
      if (type === 'vcard') expect(result.success).toBe(true);
      else expect(result.success).toBe(false);
    }
  });

  it('empty rows and fields are left out; a price with a comma is a number; text that is not a price is refused', () => {
    const vcard = { ...(blankValues('vcard') as Extract<PageValues, { type: 'vcard' }>) };
    vcard.emails = [{ address: '' }, { address: 'ada@example.com' }];
    expect(toPage(vcard)).toMatchObject({ emails: ['ada@example.com'] });
    expect(toPage(vcard)).not.toHaveProperty('phones');
    expect(toPage(vcard)).not.toHaveProperty('address');

    const menu = blankValues('menu') as Extract<PageValues, { type: 'menu' }>;
    menu.title = 'M';
    menu.sections = [{ name: 'S', items: [{ ...blankMenuItem(), name: 'I', price: '4,50' }] }];
    expect(hostedPageSchema.parse(toPage(menu))).toMatchObject({ sections: [{ items: [{ price: 4.5 }] }] });
    menu.sections[0]!.items[0]!.price = 'cheap';
    expect(hostedPageSchema.safeParse(toPage(menu)).error?.issues[0]?.path).toEqual([
      'sections',
      0,
      'items',
      0,
      'price',
    ]);
  });
});

describe('pictures', () => {
  it('a picture taken off the form (Remove) is not part of the page', () => {
    const links = toValues(PAGES[7]!) as Extract<PageValues, { type: 'links' }>;
    expect([links.logo.name, links.avatar.name]).toEqual(['logo.png', 'me.webp']);
    links.logo = noImage();
    expect(hostedPageSchema.parse(toPage(links))).toEqual({ ...PAGES[7], logo: undefined });
    expect(toPage(links)).not.toHaveProperty('logo');
    const menu = toValues(PAGES[9]!) as Extract<PageValues, { type: 'menu' }>;
    menu.sections[0]!.items[0]!.photo = noImage();
    expect(JSON.stringify(toPage(menu))).not.toContain('photo');
  });
});

describe('file pages', () => {
  it('shows the stored file names, and an empty cover or image row is not part of the page', () => {
    const pdf = toValues(PAGES[4]!) as Extract<PageValues, { type: 'pdf' }>;
    expect(pdf.file).toEqual({ path: `${OWNER}/Xk3_a-9.pdf`, name: 'Xk3_a-9.pdf' });
    pdf.cover = { path: '', name: '', width: 0, height: 0 };
    expect(hostedPageSchema.parse(toPage(pdf))).not.toHaveProperty('cover');

    const images = toValues(PAGES[6]!) as Extract<PageValues, { type: 'images' }>;
    images.images.push({ path: '', name: '', width: 0, height: 0, caption: '' });
    expect(hostedPageSchema.parse(toPage(images))).toEqual(PAGES[6]);
    // A caption typed before its upload: the row is kept and the schema asks for the image.
    images.images[2]!.caption = 'Soon';
    expect(hostedPageSchema.safeParse(toPage(images)).error?.issues[0]?.path).toEqual(['images', 2, 'path']);
    // Nothing at all: the list is empty, which the schema refuses.
    images.images = [];
    expect(hostedPageSchema.safeParse(toPage(images)).error?.issues[0]?.path).toEqual(['images']);
  });
});

describe('issue 33 forms', () => {
  it('a feedback form without a choice question or with empty option rows leaves them out', () => {
    const values = blankValues('feedback') as Extract<PageValues, { type: 'feedback' }>;
    values.title = 'Rate us';
    expect(hostedPageSchema.parse(toPage(values))).toEqual({
      v: 1,
      type: 'feedback',
      theme: values.theme,
      title: 'Rate us',
      ratingQuestion: 'How would you rate us?',
      askComment: true,
    });
    values.choice = { question: 'Why?', options: [{ label: 'A' }, { label: '' }, { label: 'B' }] };
    expect(hostedPageSchema.parse(toPage(values))).toMatchObject({ choice: { question: 'Why?', options: ['A', 'B'] } });
  });

  it("an event's wall-clock start and end become UTC instants in its zone, and must be in order", () => {
    const values = blankValues('event') as Extract<PageValues, { type: 'event' }>;
    Object.assign(values, {
      title: 'Concert',
      timeZone: 'Europe/Berlin',
      start: '2026-03-28T19:00',
      end: '2026-03-29T03:30',
    });
    expect(hostedPageSchema.parse(toPage(values))).toMatchObject({
      start: '2026-03-28T18:00:00Z',
      end: '2026-03-29T01:30:00Z',
    });
    values.end = '2026-03-28T18:00';
    expect(hostedPageSchema.safeParse(toPage(values)).success).toBe(false);
  });

  it('a new business is open Monday to Friday 09:00-18:00; closed days and empty rows are left out', () => {
    const values = blankValues('business') as Extract<PageValues, { type: 'business' }>;
    values.name = 'Corner Bakery';
    values.socials = [{ network: 'instagram', url: '' }];
    const page = hostedPageSchema.parse(toPage(values));
    expect(page).toMatchObject({
      hours: Object.fromEntries(
        ['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => [d, [{ opens: '09:00', closes: '18:00' }]]),
      ),
      socials: [],
    });
    expect(page).not.toHaveProperty('hours.sat');
    expect(page).not.toHaveProperty('address');
  });
});

describe('coupon dates in the owner zone', () => {
  it('turns wall-clock times into UTC instants and back, across a clock change', () => {
    expect(wallTimeToInstant('2026-12-31T23:59', 'Europe/Paris')).toBe('2026-12-31T22:59:00Z');
    expect(wallTimeToInstant('2026-07-01T12:00', 'America/New_York')).toBe('2026-07-01T16:00:00Z');
    expect(wallTimeToInstant('2026-07-01T12:00', 'UTC')).toBe('2026-07-01T12:00:00Z');
    // 02:30 does not exist in Paris on 29 March 2026 (clocks go 02:00 → 03:00): it lands an hour later.
    expect(wallTimeToInstant('2026-03-29T02:30', 'Europe/Paris')).toBe('2026-03-29T01:30:00Z');
    expect(instantToWallTime('2026-12-31T22:59:00Z', 'Europe/Paris')).toBe('2026-12-31T23:59');
    expect(instantToWallTime('2026-07-01T16:00:00Z', 'America/New_York')).toBe('2026-07-01T12:00');
    expect(wallTimeToInstant('31/12/2026', 'UTC')).toBeNull();
  });
});

describe('menu photos in the editor', () => {
  const menuWith = (photos: number, items: number) => {
    const values = blankValues('menu');
    if (values.type !== 'menu') throw new Error('a menu form');
    values.title = 'Trattoria';
    const photo = {
      path: '2f1c6e1a-0000-4000-8000-000000000001/dish.webp',
      name: 'dish.webp',
      width: 512,
      height: 384,
    };
    // Two sections, the photos spread over them, so the count is over the whole menu.
    values.sections = [0, 1].map((s) => ({
      name: `S${s}`,
      items: Array.from({ length: items }, (_, i) => ({
        ...blankMenuItem(),
        name: `Dish ${s}.${i}`,
        price: '4',
        photo: i * 2 + s < photos ? photo : blankMenuItem().photo,
      })),
    }));
    return values;
  };

  it('is full exactly when the menu holds as many photos as a page may show', () => {
    expect(menuPhotosFull(menuWith(MAX_MENU_PHOTOS - 1, 40).sections)).toBe(false);
    expect(menuPhotosFull(menuWith(MAX_MENU_PHOTOS, 40).sections)).toBe(true);
    // The schema agrees: one photo more than the editor offers is refused on save.
    const over = menuWith(MAX_MENU_PHOTOS + 1, 40);
    const refused = hostedPageSchema.safeParse(toPage(over));
    expect(refused.error?.issues.map((i) => i.message)).toEqual([`A menu shows up to ${MAX_MENU_PHOTOS} photos`]);
    const ok = hostedPageSchema.safeParse(toPage(menuWith(MAX_MENU_PHOTOS, 40)));
    expect(ok.error?.issues ?? []).toEqual([]);
  });
});
