// Hosted pages (issue 32): what a dynamic code can show instead of redirecting. One zod schema per page type, in one
// discriminated union: the app's forms, the REST API, the database check and the renderer (render.ts) all use it.
//
// Every field is bounded and strict (unknown keys are refused). Text is printable (no control characters, no lone
// surrogates) and is always escaped when shown. Links a page shows are http(s) addresses that pass
// isRedirectableUrl (no javascript:, data:, credentials), mailto: or tel: — nothing else. Files (a PDF page's
// document, images: a gallery, a cover, the owner's logo on any page, a vCard photo, a Links avatar, menu items'
// photos) are paths in the `page-files` Storage bucket (`<owner id>/<name>.<ext>`); the database also checks that
// every path is under the code owner's own folder (20261129005310_file_pages.sql, 20261129006100_page_pictures.sql),
// which this schema cannot know.

import { z } from 'zod';
import { isRedirectableUrl } from '../destination.ts';
import { hasControlCharacter, isInstant, isTimeZone } from '../rules/schema.ts';

export const PAGE_TYPES = [
  'links',
  'vcard',
  'menu',
  'coupon',
  'pdf',
  'images',
  'feedback',
  'event',
  'business',
] as const;

export const MAX_LINKS = 20;
export const MAX_MENU_SECTIONS = 20;
export const MAX_MENU_ITEMS = 50;
/**
 * Photos a menu may show in all: a page's files are served as `…/file/0` to `…/file/99`, and a menu of this many
 * pictures is already long on a phone.
 */
export const MAX_MENU_PHOTOS = 60;
export const DIETARY_TAGS = ['vegan', 'vegetarian', 'gluten-free', 'dairy-free', 'spicy', 'contains-nuts'] as const;

/** Printable text of `min` to `max` characters (code points). */
export function pageText(max: number, min = 1) {
  return z.string().refine((v) => !hasControlCharacter(v) && [...v].length >= min && [...v].length <= max, {
    message: min > 0 ? `${min} to ${max} characters, no control characters` : `At most ${max} characters`,
  });
}

/** Like pageText, but line breaks are allowed (descriptions, notes, terms). */
function pageParagraphs(max: number) {
  return z.string().refine((v) => !hasControlCharacter(v.replace(/\r?\n/g, ' ')) && [...v].length <= max, {
    message: `At most ${max} characters`,
  });
}

const MAILTO = /^mailto:[^\s@<>"'`]{1,64}@[^\s@<>"'`]{1,253}$/i;
const TEL = /^tel:\+?[0-9][0-9 ().-]{2,30}$/;

/** A link a page may show: a web address a code may redirect to, a mailto: with one address, or a tel: number. */
export function isPageLink(url: string): boolean {
  if (url.length > 2048) return false;
  if (/^mailto:/i.test(url)) return MAILTO.test(url);
  if (/^tel:/i.test(url)) return TEL.test(url);
  return isRedirectableUrl(url) && /^https?:\/\//i.test(url);
}

const webUrl = z.string().refine((v) => isRedirectableUrl(v) && /^https?:\/\//i.test(v), {
  message: 'Use a web address starting with https://',
});
const pageLink = z.string().refine(isPageLink, { message: 'Use a web address, a mailto: or a tel: link' });
const email = z.string().regex(/^[^\s@<>"'`]{1,64}@[^\s@<>"'`]{1,253}$/, { message: 'Not an email address' });
const phone = z
  .string()
  .regex(/^\+?[0-9][0-9 ().-]{2,30}$/, { message: 'Use digits, spaces, ( ) . - and a leading +' });
const colour = z.string().regex(/^#[0-9a-f]{6}$/i, { message: 'Use a colour such as #1a73e8' });

/** The Storage bucket of page files (supabase/migrations/20261129000300_storage_page_files.sql). */
export const PAGE_FILES_BUCKET = 'page-files';
export const MAX_IMAGES = 20;

const OWNER_FOLDER = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A PDF's path in page-files: the owner's folder (their user id) and one plain file name. */
export const PDF_PATH = new RegExp(`^${OWNER_FOLDER}/[A-Za-z0-9_-]{1,100}\\.pdf$`);
/** An image's path in page-files (the upload module writes WebP or JPEG; PNG from other clients). */
export const IMAGE_PATH = new RegExp(`^${OWNER_FOLDER}/[A-Za-z0-9_-]{1,100}\\.(webp|jpg|png)$`);

const side = z.number().int().min(1).max(10_000);
/** An uploaded image and its size in pixels, so the page reserves its place before it loads. */
const pageImage = z.strictObject({
  path: z.string().regex(IMAGE_PATH, { message: 'An image in your files (.webp, .jpg or .png)' }),
  width: side,
  height: side,
});

/**
 * A vCard Plus page's photo is a JPEG: it is embedded in the contact file, and JPEG is what every phone's address
 * book imports (the editor has the worker write it as JPEG, at most VCARD_PHOTO_SIDE px).
 */
const JPEG_PATH = new RegExp(`^${OWNER_FOLDER}/[A-Za-z0-9_-]{1,100}\\.jpg$`);
const vcardPhoto = pageImage.extend({
  path: z.string().regex(JPEG_PATH, { message: 'A JPEG photo in your files (.jpg)' }),
});

/** Colours of a page (its text colour is chosen for contrast). */
export const pageThemeSchema = z.strictObject({ background: colour, accent: colour });

const common = {
  v: z.literal(1),
  theme: pageThemeSchema.optional(),
  /** The owner's logo, at the top of the page (any page type). */
  logo: pageImage.optional(),
};

export const linksPageSchema = z.strictObject({
  ...common,
  type: z.literal('links'),
  /** A round picture above the title. */
  avatar: pageImage.optional(),
  title: pageText(80),
  bio: pageParagraphs(300).optional(),
  links: z
    .array(z.strictObject({ label: pageText(60), url: pageLink }))
    .min(1)
    .max(MAX_LINKS),
});

export const vcardPageSchema = z.strictObject({
  ...common,
  type: z.literal('vcard'),
  /** Shown on the page and embedded in the .vcf. */
  photo: vcardPhoto.optional(),
  firstName: pageText(60, 0).optional(),
  lastName: pageText(60, 0).optional(),
  role: pageText(80).optional(),
  company: pageText(80).optional(),
  phones: z
    .array(z.strictObject({ label: pageText(20).optional(), number: phone }))
    .max(5)
    .optional(),
  emails: z.array(email).max(5).optional(),
  website: webUrl.optional(),
  address: z
    .strictObject({
      street: pageText(120).optional(),
      city: pageText(80).optional(),
      region: pageText(80).optional(),
      postcode: pageText(20).optional(),
      country: pageText(80).optional(),
    })
    .optional(),
  note: pageParagraphs(500).optional(),
});

export const menuPageSchema = z
  .strictObject({
    ...common,
    type: z.literal('menu'),
    title: pageText(80),
    /** ISO 4217, e.g. EUR. */
    currency: z.string().regex(/^[A-Z]{3}$/, { message: 'Use a currency code such as EUR' }),
    /** BCP 47, for number formatting, e.g. de-DE. */
    locale: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, { message: 'Use a locale such as en-GB' })
      .optional(),
    hours: pageText(120).optional(),
    sections: z
      .array(
        z.strictObject({
          name: pageText(60),
          items: z
            .array(
              z.strictObject({
                name: pageText(80),
                description: pageParagraphs(300).optional(),
                /** In the currency's units, at most two decimals. */
                price: z
                  .number()
                  .min(0)
                  .max(1_000_000)
                  .refine((p) => Math.round(p * 100) === p * 100, { message: 'At most two decimals' }),
                tags: z.array(z.enum(DIETARY_TAGS)).max(DIETARY_TAGS.length).optional(),
                photo: pageImage.optional(),
              }),
            )
            .min(1)
            .max(MAX_MENU_ITEMS),
        }),
      )
      .min(1)
      .max(MAX_MENU_SECTIONS),
  })
  .refine((m) => menuPhotoCount(m) <= MAX_MENU_PHOTOS, {
    message: `A menu shows up to ${MAX_MENU_PHOTOS} photos`,
  });

const instant = z.string().refine(isInstant, { message: 'Use a UTC time such as 2026-12-31T23:00:00Z' });

export const couponPageSchema = z
  .strictObject({
    ...common,
    type: z.literal('coupon'),
    headline: pageText(80),
    offer: pageParagraphs(200).optional(),
    code: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, { message: 'Letters, digits, - and _ (at most 40)' })
      .optional(),
    validFrom: instant.optional(),
    validUntil: instant.optional(),
    /** The owner's zone, in which the validity dates are shown. */
    timeZone: z.string().refine(isTimeZone, { message: 'Unknown time zone' }),
    terms: pageParagraphs(1000).optional(),
    redeemUrl: webUrl.optional(),
  })
  .refine((c) => !c.validFrom || !c.validUntil || c.validFrom < c.validUntil, {
    message: 'validFrom must come before validUntil',
  });

export const pdfPageSchema = z.strictObject({
  ...common,
  type: z.literal('pdf'),
  title: pageText(80),
  description: pageParagraphs(500).optional(),
  file: z.string().regex(PDF_PATH, { message: 'A PDF in your files' }),
  cover: pageImage.optional(),
});

export const imagesPageSchema = z.strictObject({
  ...common,
  type: z.literal('images'),
  title: pageText(80),
  description: pageParagraphs(300).optional(),
  images: z
    .array(pageImage.extend({ caption: pageText(140).optional() }))
    .min(1)
    .max(MAX_IMAGES),
});

/** Options of a feedback page's choice question. */
export const MAX_FEEDBACK_CHOICES = 6;

/**
 * Feedback (issue 33): a rating of 1 to 5 stars (always asked), and as the owner chooses an optional comment, an
 * optional email address for a reply and one choice question. Visitors answer with a plain form (no script); the
 * answers go to public.feedback_responses through public.submit_feedback (20261130002000_feedback_pages.sql).
 */
export const feedbackPageSchema = z.strictObject({
  ...common,
  type: z.literal('feedback'),
  title: pageText(80),
  intro: pageParagraphs(300).optional(),
  /** The rating question, answered with 1 to 5 stars. */
  ratingQuestion: pageText(140),
  /** Offer a comment box (the visitor may leave it empty). */
  askComment: z.boolean().optional(),
  /** Offer an email field for a reply (the visitor may leave it empty). */
  askEmail: z.boolean().optional(),
  choice: z
    .strictObject({
      question: pageText(140),
      options: z.array(pageText(60)).min(2).max(MAX_FEEDBACK_CHOICES),
    })
    .optional(),
  /** The thank-you page's message. */
  thanks: pageParagraphs(300).optional(),
});

/**
 * Event (issue 33): a title, a start and an end (UTC instants) shown in the event's time zone, a place, a
 * description, an organiser, an image and a link. "Add to calendar" downloads an .ics (ics.ts).
 */
export const eventPageSchema = z
  .strictObject({
    ...common,
    type: z.literal('event'),
    title: pageText(120),
    start: instant,
    end: instant,
    /** The event's zone: its times are entered and shown in it. */
    timeZone: z.string().refine(isTimeZone, { message: 'Unknown time zone' }),
    place: pageText(200).optional(),
    description: pageParagraphs(2000).optional(),
    organiser: pageText(120).optional(),
    image: pageImage.optional(),
    /** Tickets or more information. */
    url: webUrl.optional(),
  })
  .refine((e) => e.start < e.end, { message: 'start must come before end' });

/** A business's week, Monday first (the keys of its opening hours). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Opening periods in a day (a lunch break makes two). */
export const MAX_DAY_SLOTS = 3;
/** Days with other hours than their weekday's (holidays): at most this many. */
export const MAX_EXCEPTIONS = 30;
export const SOCIAL_NETWORKS = [
  'instagram',
  'facebook',
  'x',
  'linkedin',
  'tiktok',
  'youtube',
  'whatsapp',
  'telegram',
  'pinterest',
  'snapchat',
  'github',
  'other',
] as const;

/** What each network is called on a page (the editor calls `other` "Other"; the page, "Website"). */
export const SOCIAL_NETWORK_NAMES: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  pinterest: 'Pinterest',
  snapchat: 'Snapchat',
  github: 'GitHub',
  other: 'Website',
};
export const MAX_SOCIAL_LINKS = 12;

/** 00:00 to 24:00 (24:00 only as a closing time: a day open until midnight). */
const clockTime = z.string().regex(/^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/, {
  message: 'Use a 24-hour time such as 09:30',
});
/** One opening period of a day; one that goes past midnight is two: until 24:00, and from 00:00 the next day. */
const openingSlot = z
  .strictObject({ opens: clockTime, closes: clockTime })
  .refine((slot) => slot.opens < slot.closes, { message: 'Opens before it closes (past midnight: two periods)' });
/** A day's periods, in order and apart; none: closed. */
const daySlots = z
  .array(openingSlot)
  .max(MAX_DAY_SLOTS)
  .refine((slots) => slots.every((slot, i) => i === 0 || slots[i - 1]!.closes <= slot.opens), {
    message: 'Periods in order, each after the one before',
  });
/** A calendar date, YYYY-MM-DD in 2000-2099 (one that exists). */
const calendarDate = z.string().refine(
  (v) => {
    const m = /^(20\d{2})-(\d{2})-(\d{2})$/.exec(v);
    if (!m) return false;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return d.toISOString().slice(0, 10) === v;
  },
  { message: 'Use a date such as 2026-12-24' },
);

/**
 * Business (issue 33): name, cover, description, opening hours per weekday in the business's time zone with
 * exceptions (holidays, other hours on a date), address with a map link, phone, email, website and social links.
 * The page says "Open now" or "Closed" at the time of the request (openingState in opening-hours.ts).
 */
export const businessPageSchema = z
  .strictObject({
    ...common,
    type: z.literal('business'),
    name: pageText(80),
    cover: pageImage.optional(),
    description: pageParagraphs(1000).optional(),
    timeZone: z.string().refine(isTimeZone, { message: 'Unknown time zone' }),
    /** Per weekday; a day left out or empty is closed. */
    hours: z.strictObject(
      Object.fromEntries(WEEKDAYS.map((d) => [d, daySlots.optional()])) as Record<
        Weekday,
        z.ZodOptional<typeof daySlots>
      >,
    ),
    exceptions: z
      .array(z.strictObject({ date: calendarDate, note: pageText(60).optional(), slots: daySlots }))
      .max(MAX_EXCEPTIONS)
      .optional(),
    address: z
      .strictObject({
        street: pageText(120).optional(),
        city: pageText(80).optional(),
        region: pageText(80).optional(),
        postcode: pageText(20).optional(),
        country: pageText(80).optional(),
      })
      .optional(),
    phone: phone.optional(),
    email: email.optional(),
    website: webUrl.optional(),
    socials: z
      .array(z.strictObject({ network: z.enum(SOCIAL_NETWORKS), url: webUrl }))
      .max(MAX_SOCIAL_LINKS)
      .optional(),
  })
  .refine((b) => new Set((b.exceptions ?? []).map((e) => e.date)).size === (b.exceptions ?? []).length, {
    message: 'One exception per date',
  });

export const hostedPageSchema = z.discriminatedUnion('type', [
  linksPageSchema,
  vcardPageSchema,
  menuPageSchema,
  couponPageSchema,
  pdfPageSchema,
  imagesPageSchema,
  feedbackPageSchema,
  eventPageSchema,
  businessPageSchema,
]);

export type HostedPage = z.infer<typeof hostedPageSchema>;
export type LinksPage = z.infer<typeof linksPageSchema>;
export type VcardPage = z.infer<typeof vcardPageSchema>;
export type MenuPage = z.infer<typeof menuPageSchema>;
export type CouponPage = z.infer<typeof couponPageSchema>;
export type PdfPage = z.infer<typeof pdfPageSchema>;
export type ImagesPage = z.infer<typeof imagesPageSchema>;
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;
export type EventPage = z.infer<typeof eventPageSchema>;
export type BusinessPage = z.infer<typeof businessPageSchema>;
export type OpeningSlot = z.infer<typeof openingSlot>;

function menuPhotoCount(menu: { sections: { items: { photo?: unknown }[] }[] }): number {
  return menu.sections.reduce((n, s) => n + s.items.filter((i) => i.photo).length, 0);
}

/** The files of a page's own type, in order (pageFiles). */
function typeFiles(page: HostedPage): string[] {
  switch (page.type) {
    case 'pdf':
      return page.cover ? [page.file, page.cover.path] : [page.file];
    case 'images':
      return page.images.map((i) => i.path);
    case 'vcard':
      return page.photo ? [page.photo.path] : [];
    case 'links':
      return page.avatar ? [page.avatar.path] : [];
    case 'menu':
      return page.sections.flatMap((s) => s.items.flatMap((i) => (i.photo ? [i.photo.path] : [])));
    case 'event':
      return page.image ? [page.image.path] : [];
    case 'business':
      return page.cover ? [page.cover.path] : [];
    case 'coupon':
    case 'feedback':
      return [];
  }
}

/**
 * The Storage paths a page shows, in the order `…/r/<slug>/file/<n>` serves them: its type's files (a PDF page's
 * file then its cover; an Images page's images; a vCard photo; a Links avatar; menu items' photos, in menu order; an
 * event's image; a business's cover),
 * then the owner's logo. The database's public.page_file_paths lists the same paths (qr_codes_page_files_owned).
 */
export function pageFiles(page: HostedPage): string[] {
  const own = typeFiles(page);
  return page.logo ? [...own, page.logo.path] : own;
}
export type PageTheme = z.infer<typeof pageThemeSchema>;
