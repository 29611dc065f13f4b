// Hosted pages used by the page tests: one realistic page per type, the same pages with every picture their type
// takes, and the same pages with a hostile string in every text field.
import type {
  BusinessPage,
  EventPage,
  HostedPage,
  LinksPage,
  MenuPage,
  VcardPage,
} from '../../../src/shared/pages/schema.ts';

/** The folder (user id) the sample file pages' paths are under. */
export const SAMPLE_OWNER = '0b7c1f0e-1d2a-4c3b-9e8f-123456789abc';

export const SAMPLE_PAGES: Record<HostedPage['type'], HostedPage> = {
  links: {
    v: 1,
    type: 'links',
    title: 'Café Lumière',
    bio: 'Fresh bread every morning.\nOpen daily from 7:00.',
    links: [
      { label: 'Order online', url: 'https://example.com/order' },
      { label: 'Instagram', url: 'https://instagram.com/cafelumiere' },
      { label: 'Call us', url: 'tel:+44 20 7946 0958' },
      { label: 'Email us', url: 'mailto:hello@example.com' },
    ],
    theme: { background: '#1a202c', accent: '#f6ad55' },
  },
  vcard: {
    v: 1,
    type: 'vcard',
    firstName: 'Zoë',
    lastName: "O'Brien-Müller",
    role: 'Head of Sales',
    company: 'Acme, Inc.; Europe',
    phones: [
      { label: 'Mobile', number: '+49 151 2345 6789' },
      { label: 'Work', number: '+49 (30) 123-456' },
    ],
    emails: ['zoe@example.com'],
    website: 'https://example.com/zoe',
    address: { street: 'Unter den Linden 1', city: 'Berlin', postcode: '10117', country: 'Germany' },
    note: 'Met at the trade fair;\ncall after 10:00, please.',
  },
  menu: {
    v: 1,
    type: 'menu',
    title: 'Trattoria da Marco',
    currency: 'EUR',
    locale: 'de-DE',
    hours: 'Tue–Sun 12:00–22:00',
    sections: Array.from({ length: 3 }, (_, s) => ({
      name: ['Antipasti', 'Primi', 'Dolci'][s]!,
      items: Array.from({ length: 8 }, (_, i) => ({
        name: `Dish ${s + 1}.${i + 1}`,
        description: 'Seasonal, with olive oil from our own trees and basil from the garden.',
        price: 7.5 + i * 1.25,
        tags: i % 3 === 0 ? (['vegetarian', 'gluten-free'] as const).slice() : undefined,
      })),
    })),
  },
  coupon: {
    v: 1,
    type: 'coupon',
    headline: '20 % off your next visit',
    offer: 'On any order over 30 €.',
    code: 'SPRING-20',
    validFrom: '2026-03-01T00:00:00Z',
    validUntil: '2026-06-01T00:00:00Z',
    timeZone: 'Europe/Berlin',
    terms: 'One per customer.\nNot valid with other offers.',
    redeemUrl: 'https://example.com/redeem?c=SPRING-20',
  },
  pdf: {
    v: 1,
    type: 'pdf',
    title: 'Spring catalogue 2026',
    description: 'Every product, with prices.\nUpdated weekly.',
    file: `${SAMPLE_OWNER}/catalogue-2026.pdf`,
    cover: { path: `${SAMPLE_OWNER}/catalogue-cover.webp`, width: 1414, height: 2000 },
    theme: { background: '#f7fafc', accent: '#2b6cb0' },
  },
  images: {
    v: 1,
    type: 'images',
    title: 'Our new showroom',
    description: 'Open from March.',
    images: Array.from({ length: 20 }, (_, i) => ({
      path: `${SAMPLE_OWNER}/showroom-${i + 1}.${i % 2 ? 'jpg' : 'webp'}`,
      width: 2000,
      height: i % 3 ? 1500 : 2000,
      ...(i % 4 ? { caption: `Room ${i + 1}, seen from the entrance` } : {}),
    })),
  },
  feedback: {
    v: 1,
    type: 'feedback',
    title: 'How was your stay?',
    intro: 'Two minutes of your time help us a lot.\nThank you!',
    ratingQuestion: 'How would you rate your stay?',
    askComment: true,
    askEmail: true,
    choice: { question: 'How did you find us?', options: ['A friend', 'Search engine', 'Social media', 'Walking by'] },
    thanks: 'Thank you! We read every answer.',
    theme: { background: '#fffaf0', accent: '#c05621' },
  },
  event: {
    v: 1,
    type: 'event',
    title: 'Spring concert, Berlin',
    // 19:00 on 28 March (CET, UTC+1) to 03:30 on 29 March (CEST, UTC+2) in Berlin: across the change to summer
    // time at 02:00, so the two ends have different offsets.
    start: '2026-03-28T18:00:00Z',
    end: '2026-03-29T01:30:00Z',
    timeZone: 'Europe/Berlin',
    place: 'Philharmonie, Herbert-von-Karajan-Straße 1, 10785 Berlin',
    description: 'Bach, Brahms; and a surprise.\nDoors open at 18:30.',
    organiser: 'Friends of Music, Berlin',
    url: 'https://example.com/tickets?concert=spring',
  },
  business: {
    v: 1,
    type: 'business',
    name: 'Bäckerei Sonnenschein',
    description: 'Sourdough, pretzels and cakes, baked here every morning.\nCoffee to take away.',
    timeZone: 'Europe/Berlin',
    hours: {
      mon: [
        { opens: '07:00', closes: '13:00' },
        { opens: '14:00', closes: '18:00' },
      ],
      tue: [{ opens: '07:00', closes: '18:00' }],
      wed: [{ opens: '07:00', closes: '18:00' }],
      thu: [{ opens: '07:00', closes: '18:00' }],
      fri: [{ opens: '07:00', closes: '22:00' }],
      sat: [{ opens: '08:00', closes: '24:00' }],
      sun: [{ opens: '00:00', closes: '02:00' }],
    },
    exceptions: [
      { date: '2026-12-24', note: 'Christmas Eve', slots: [{ opens: '07:00', closes: '12:00' }] },
      { date: '2026-12-25', note: 'Christmas Day', slots: [] },
    ],
    address: { street: 'Kastanienallee 12', city: 'Berlin', postcode: '10435', country: 'Germany' },
    phone: '+49 30 1234 5678',
    email: 'hallo@example.com',
    website: 'https://example.com/baeckerei',
    socials: [
      { network: 'instagram', url: 'https://instagram.com/baeckerei' },
      { network: 'facebook', url: 'https://facebook.com/baeckerei' },
    ],
  },
};

const picture = (name: string, width = 512, height = 512) => ({ path: `${SAMPLE_OWNER}/${name}`, width, height });
const logo = picture('logo.png', 640, 240);
const menu = SAMPLE_PAGES.menu as MenuPage;

/**
 * The samples with their pictures: the owner's logo on every type, a vCard photo (a JPEG), a Links avatar, and a
 * photo on every other menu item (12 of 24).
 */
export const PICTURE_PAGES: Record<HostedPage['type'], HostedPage> = {
  links: { ...(SAMPLE_PAGES.links as LinksPage), logo, avatar: picture('avatar.webp') },
  vcard: { ...(SAMPLE_PAGES.vcard as VcardPage), logo, photo: picture('zoe.jpg', 512, 640) },
  menu: {
    ...menu,
    logo,
    sections: menu.sections.map((section, s) => ({
      ...section,
      items: section.items.map((item, i) =>
        i % 2 ? item : { ...item, photo: picture(`dish-${s + 1}-${i + 1}.webp`, 640, 480) },
      ),
    })),
  },
  coupon: { ...SAMPLE_PAGES.coupon, logo },
  pdf: { ...SAMPLE_PAGES.pdf, logo },
  images: { ...SAMPLE_PAGES.images, logo },
  feedback: { ...SAMPLE_PAGES.feedback, logo },
  event: { ...(SAMPLE_PAGES.event as EventPage), logo, image: picture('concert.webp', 2000, 1125) },
  business: { ...(SAMPLE_PAGES.business as BusinessPage), logo, cover: picture('shop.webp', 1200, 675) },
};

export const HOSTILE_STRINGS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '\u202Egnp.exe',
  '&lt;b&gt;already escaped&lt;/b&gt;',
  '</title><script>x</script>',
];

/** `page` with `text` in every free-text field (bounded to each field's length). */
export function withHostileText(page: HostedPage, text: string): HostedPage {
  const t = (max: number) => text.slice(0, max);
  switch (page.type) {
    case 'links':
      return { ...page, title: t(80), bio: t(300), links: page.links.map((l) => ({ ...l, label: t(60) })) };
    case 'vcard':
      return {
        ...page,
        firstName: t(60),
        lastName: t(60),
        role: t(80),
        company: t(80),
        phones: page.phones?.map((p) => ({ ...p, label: t(20) })),
        address: { street: t(120), city: t(80), region: t(80), postcode: t(20), country: t(80) },
        note: t(500),
      };
    case 'menu':
      return {
        ...page,
        title: t(80),
        hours: t(120),
        sections: page.sections.map((s) => ({
          name: t(60),
          items: s.items.map((i) => ({ ...i, name: t(80), description: t(300) })),
        })),
      };
    case 'coupon':
      return { ...page, headline: t(80), offer: t(200), terms: t(1000) };
    case 'pdf':
      return { ...page, title: t(80), description: t(500) };
    case 'images':
      return {
        ...page,
        title: t(80),
        description: t(300),
        images: page.images.map((i) => ({ ...i, caption: t(140) })),
      };
    case 'feedback':
      return {
        ...page,
        title: t(80),
        intro: t(300),
        ratingQuestion: t(140),
        choice: { question: t(140), options: [t(60), `${t(59)}2`] },
        thanks: t(300),
      };
    case 'event':
      return { ...page, title: t(120), place: t(200), description: t(2000), organiser: t(120) };
    case 'business':
      return {
        ...page,
        name: t(80),
        description: t(1000),
        exceptions: page.exceptions?.map((e) => ({ ...e, note: t(60) })),
        address: { street: t(120), city: t(80), region: t(80), postcode: t(20), country: t(80) },
      };
  }
}
