// The editor's form values and the page they stand for. A form holds strings (an empty field is ''), a page holds
// only what was filled in (src/shared/pages/schema.ts: optional fields are absent, prices are numbers, a coupon's
// dates are UTC instants). toPage turns the first into the second before the shared schema checks it; toValues
// fills the form from a saved page. Pictures (a logo on every page, a vCard photo, a Links avatar, menu photos) are
// ImageValues with path '' for none.
import { WEEKDAYS, type Weekday } from '../../shared/pages/schema.ts';
import type {
  BusinessPage,
  CouponPage,
  EventPage,
  FeedbackPage,
  HostedPage,
  ImagesPage,
  LinksPage,
  MenuPage,
  PageTheme,
  PdfPage,
  VcardPage,
} from '../../shared/pages/schema.ts';
import { instantToWallTime, wallTimeToInstant } from './zonedTime.ts';
import { MAX_MENU_PHOTOS } from '../../shared/pages/schema.ts';

export const DEFAULT_PAGE_THEME: PageTheme = { background: '#ffffff', accent: '#1a73e8' };

/** An uploaded file as the form keeps it: '' before one is chosen; `name` is what the user picked (shown only). */
export interface FileValues {
  path: string;
  name: string;
}

/** An image (a gallery image, a cover, a picture): its path and size in pixels as stored, '' and 0 before an upload. */
export interface ImageValues extends FileValues {
  width: number;
  height: number;
}

/** What every page type has: its colours and the owner's logo (path '' for none). */
interface CommonValues {
  theme: PageTheme;
  logo: ImageValues;
}

export interface LinksValues extends CommonValues {
  type: 'links';
  /** A round picture above the title; path '' for none. */
  avatar: ImageValues;
  title: string;
  bio: string;
  links: { label: string; url: string }[];
}

export interface VcardValues extends CommonValues {
  type: 'vcard';
  /** The contact's photo (a JPEG, also in the .vcf); path '' for none. */
  photo: ImageValues;
  firstName: string;
  lastName: string;
  role: string;
  company: string;
  phones: { label: string; number: string }[];
  /** Objects, not strings: react-hook-form's field arrays key their rows by object. */
  emails: { address: string }[];
  website: string;
  address: { street: string; city: string; region: string; postcode: string; country: string };
  note: string;
}

export interface MenuItemValues {
  name: string;
  description: string;
  /** As typed: `4.5`, `4,50`. */
  price: string;
  tags: string[];
  /** path '' for none. */
  photo: ImageValues;
}

export interface MenuValues extends CommonValues {
  type: 'menu';
  title: string;
  currency: string;
  locale: string;
  hours: string;
  sections: { name: string; items: MenuItemValues[] }[];
}

export interface CouponValues extends CommonValues {
  type: 'coupon';
  headline: string;
  offer: string;
  code: string;
  /** Wall-clock times in `timeZone` (datetime-local), '' for none. */
  validFrom: string;
  validUntil: string;
  timeZone: string;
  terms: string;
  redeemUrl: string;
}

export interface PdfValues extends CommonValues {
  type: 'pdf';
  title: string;
  description: string;
  file: FileValues;
  /** An optional cover image; path '' for none. */
  cover: ImageValues;
}

export interface ImagesValues extends CommonValues {
  type: 'images';
  title: string;
  description: string;
  images: (ImageValues & { caption: string })[];
}

export interface FeedbackValues extends CommonValues {
  type: 'feedback';
  title: string;
  intro: string;
  ratingQuestion: string;
  askComment: boolean;
  askEmail: boolean;
  /** No question and no options filled in: no choice question on the page. Options are objects (field arrays). */
  choice: { question: string; options: { label: string }[] };
  thanks: string;
}

export interface EventValues extends CommonValues {
  type: 'event';
  /** path '' for none. */
  image: ImageValues;
  title: string;
  /** Wall-clock times in `timeZone` (datetime-local). */
  start: string;
  end: string;
  timeZone: string;
  place: string;
  description: string;
  organiser: string;
  url: string;
}

/** One opening period as typed (time inputs: `09:00`). */
export interface SlotValues {
  opens: string;
  closes: string;
}

export interface BusinessValues extends CommonValues {
  type: 'business';
  /** path '' for none. */
  cover: ImageValues;
  name: string;
  description: string;
  timeZone: string;
  /** A day without periods is closed. */
  hours: Record<Weekday, SlotValues[]>;
  /** A special day without periods is closed all day. */
  exceptions: { date: string; note: string; slots: SlotValues[] }[];
  address: { street: string; city: string; region: string; postcode: string; country: string };
  phone: string;
  email: string;
  website: string;
  socials: { network: string; url: string }[];
}

export type PageValues =
  | BusinessValues
  | LinksValues
  | VcardValues
  | MenuValues
  | CouponValues
  | PdfValues
  | ImagesValues
  | FeedbackValues
  | EventValues;

/** No image (yet): the value of an optional picture or cover that is not on the page. */
export const noImage = (): ImageValues => ({ path: '', name: '', width: 0, height: 0 });
export const blankMenuItem = (): MenuItemValues => ({
  name: '',
  description: '',
  price: '',
  tags: [],
  photo: noImage(),
});
/**
 * Whether a menu form already holds as many photos as a page may show (MAX_MENU_PHOTOS): the editor then offers no
 * photo field on an item without one, rather than let the owner upload a photo the save would refuse.
 */
export function menuPhotosFull(sections: readonly { items: readonly { photo: FileValues }[] }[]): boolean {
  const photos = sections.reduce((n, s) => n + s.items.filter((i) => i.photo.path !== '').length, 0);
  return photos >= MAX_MENU_PHOTOS;
}

export const blankImage = (): ImageValues & { caption: string } => ({ ...noImage(), caption: '' });

/** The browser's zone, for a new coupon (the owner's zone, in which its dates are shown). */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A new page's form: one empty row in each list, so there is a field to type in. */
export function blankValues(type: HostedPage['type']): PageValues {
  const theme = { ...DEFAULT_PAGE_THEME };
  const logo = noImage();
  switch (type) {
    case 'links':
      return { type, avatar: noImage(), title: '', bio: '', links: [{ label: '', url: '' }], theme, logo };
    case 'vcard':
      return {
        type,
        photo: noImage(),
        firstName: '',
        lastName: '',
        role: '',
        company: '',
        phones: [{ label: '', number: '' }],
        emails: [{ address: '' }],
        website: '',
        address: { street: '', city: '', region: '', postcode: '', country: '' },
        note: '',
        theme,
        logo,
      };
    case 'menu':
      return {
        type,
        title: '',
        currency: 'EUR',
        locale: '',
        hours: '',
        sections: [{ name: '', items: [blankMenuItem()] }],
        theme,
        logo,
      };
    case 'coupon':
      return {
        type,
        headline: '',
        offer: '',
        code: '',
        validFrom: '',
        validUntil: '',
        timeZone: browserZone(),
        terms: '',
        redeemUrl: '',
        theme,
        logo,
      };
    case 'pdf':
      return {
        type,
        title: '',
        description: '',
        file: { path: '', name: '' },
        cover: noImage(),
        theme,
        logo,
      };
    case 'images':
      return { type, title: '', description: '', images: [blankImage()], theme, logo };
    case 'feedback':
      return {
        type,
        title: '',
        intro: '',
        ratingQuestion: 'How would you rate us?',
        askComment: true,
        askEmail: false,
        choice: { question: '', options: [{ label: '' }, { label: '' }] },
        thanks: '',
        theme,
        logo,
      };
    case 'business': {
      const day = (): SlotValues[] => [{ opens: '09:00', closes: '18:00' }];
      return {
        type,
        cover: noImage(),
        name: '',
        description: '',
        timeZone: browserZone(),
        hours: { mon: day(), tue: day(), wed: day(), thu: day(), fri: day(), sat: [], sun: [] },
        exceptions: [],
        address: { street: '', city: '', region: '', postcode: '', country: '' },
        phone: '',
        email: '',
        website: '',
        socials: [],
        theme,
        logo,
      };
    }
    case 'event':
      return {
        type,
        image: noImage(),
        title: '',
        start: '',
        end: '',
        timeZone: browserZone(),
        place: '',
        description: '',
        organiser: '',
        url: '',
        theme,
        logo,
      };
  }
}

/** A file's name for the form: the last part of its stored path (the picked name is not stored). */
const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** '' → absent: an empty optional field is not part of the page. */
const opt = (value: string) => (value === '' ? undefined : value);

/** Drops absent keys, and returns undefined for an object left empty (an address with nothing filled in). */
function compact<T extends Record<string, unknown>>(object: T): Partial<T> | undefined {
  const kept = Object.entries(object).filter(([, v]) => v !== undefined);
  return kept.length ? (Object.fromEntries(kept) as Partial<T>) : undefined;
}

/** `4,50` and `4.50` are the same price; anything else stays text for the schema to refuse (with a message). */
function price(typed: string): number | string | undefined {
  const t = typed.trim().replace(',', '.');
  if (t === '') return undefined;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : typed;
}

/** An image the page shows (path, width, height), or absent when none was uploaded. */
const image = (value: ImageValues) =>
  value.path === '' ? undefined : { path: value.path, width: value.width, height: value.height };

/** The page the form stands for, unchecked: hostedPageSchema decides whether it is one. */
export function toPage(values: PageValues): unknown {
  const common = { v: 1, theme: values.theme, logo: image(values.logo) };
  switch (values.type) {
    case 'links':
      return compact({
        ...common,
        type: values.type,
        avatar: image(values.avatar),
        title: opt(values.title),
        bio: opt(values.bio),
        links: values.links,
      });
    case 'vcard': {
      // A row with nothing in it is a row the user has not filled yet, not an error.
      const phones = values.phones
        .filter((p) => p.label !== '' || p.number !== '')
        .map((p) => compact({ label: opt(p.label), number: p.number }));
      const emails = values.emails.map((e) => e.address).filter((a) => a !== '');
      return compact({
        ...common,
        type: values.type,
        photo: image(values.photo),
        firstName: opt(values.firstName),
        lastName: opt(values.lastName),
        role: opt(values.role),
        company: opt(values.company),
        phones: phones.length ? phones : undefined,
        emails: emails.length ? emails : undefined,
        website: opt(values.website),
        address: compact({
          street: opt(values.address.street),
          city: opt(values.address.city),
          region: opt(values.address.region),
          postcode: opt(values.address.postcode),
          country: opt(values.address.country),
        }),
        note: opt(values.note),
      });
    }
    case 'menu':
      return compact({
        ...common,
        type: values.type,
        title: opt(values.title),
        currency: values.currency.trim().toUpperCase(),
        locale: opt(values.locale.trim()),
        hours: opt(values.hours),
        sections: values.sections.map((s) => ({
          name: s.name,
          items: s.items.map((i) =>
            compact({
              name: i.name,
              description: opt(i.description),
              price: price(i.price),
              tags: i.tags.length ? i.tags : undefined,
              photo: image(i.photo),
            }),
          ),
        })),
      });
    case 'coupon': {
      const instant = (local: string) =>
        local === '' ? undefined : (wallTimeToInstant(local, values.timeZone) ?? local);
      return compact({
        ...common,
        type: values.type,
        headline: opt(values.headline),
        offer: opt(values.offer),
        code: opt(values.code.trim()),
        validFrom: instant(values.validFrom),
        validUntil: instant(values.validUntil),
        timeZone: values.timeZone,
        terms: opt(values.terms),
        redeemUrl: opt(values.redeemUrl),
      });
    }
    case 'pdf':
      return compact({
        ...common,
        type: values.type,
        title: opt(values.title),
        description: opt(values.description),
        file: opt(values.file.path),
        cover: image(values.cover),
      });
    case 'images':
      return compact({
        ...common,
        type: values.type,
        title: opt(values.title),
        description: opt(values.description),
        // A row with no upload and no caption is one the user has not filled yet.
        images: values.images
          .filter((i) => i.path !== '' || i.caption !== '')
          .map((i) => compact({ path: opt(i.path), width: i.width, height: i.height, caption: opt(i.caption) })),
      });
    case 'feedback': {
      // Empty option rows are rows not filled yet; a question or an option makes the choice part of the page.
      const options = values.choice.options.map((o) => o.label).filter((l) => l !== '');
      const asked = values.choice.question !== '' || options.length > 0;
      return compact({
        ...common,
        type: values.type,
        title: opt(values.title),
        intro: opt(values.intro),
        ratingQuestion: opt(values.ratingQuestion),
        // A native checkbox registered with react-hook-form gives its value ("on") when ticked, not true.
        askComment: values.askComment ? true : undefined,
        askEmail: values.askEmail ? true : undefined,
        choice: asked ? { question: opt(values.choice.question), options } : undefined,
        thanks: opt(values.thanks),
      });
    }
    case 'business': {
      // A period with neither time is a row not filled yet.
      const periods = (slots: SlotValues[]) => slots.filter((p) => p.opens !== '' || p.closes !== '');
      const hours = Object.fromEntries(
        WEEKDAYS.map((d) => [d, periods(values.hours[d] ?? [])] as const).filter(([, slots]) => slots.length > 0),
      );
      return compact({
        ...common,
        type: values.type,
        cover: image(values.cover),
        name: opt(values.name),
        description: opt(values.description),
        timeZone: values.timeZone,
        hours,
        exceptions: values.exceptions.length
          ? values.exceptions.map((e) => compact({ date: e.date, note: opt(e.note), slots: periods(e.slots) }))
          : undefined,
        address: compact({
          street: opt(values.address.street),
          city: opt(values.address.city),
          region: opt(values.address.region),
          postcode: opt(values.address.postcode),
          country: opt(values.address.country),
        }),
        phone: opt(values.phone.trim()),
        email: opt(values.email.trim()),
        website: opt(values.website),
        socials: values.socials.length ? values.socials.filter((x) => x.url !== '') : undefined,
      });
    }
    case 'event': {
      const instant = (local: string) =>
        local === '' ? undefined : (wallTimeToInstant(local, values.timeZone) ?? local);
      return compact({
        ...common,
        type: values.type,
        image: image(values.image),
        title: opt(values.title),
        start: instant(values.start),
        end: instant(values.end),
        timeZone: values.timeZone,
        place: opt(values.place),
        description: opt(values.description),
        organiser: opt(values.organiser),
        url: opt(values.url),
      });
    }
  }
}

/** A saved page back into its form. */
export function toValues(page: HostedPage): PageValues {
  const blank = blankValues(page.type);
  const common = { theme: page.theme ?? DEFAULT_PAGE_THEME, logo: imageValues(page.logo) };
  switch (page.type) {
    case 'links':
      return { ...(blank as LinksValues), ...linksValues(page), ...common };
    case 'vcard':
      return { ...(blank as VcardValues), ...vcardValues(page), ...common };
    case 'menu':
      return { ...(blank as MenuValues), ...menuValues(page), ...common };
    case 'coupon':
      return { ...(blank as CouponValues), ...couponValues(page), ...common };
    case 'pdf':
      return { ...(blank as PdfValues), ...pdfValues(page), ...common };
    case 'images':
      return { ...(blank as ImagesValues), ...imagesValues(page), ...common };
    case 'feedback':
      return { ...(blank as FeedbackValues), ...feedbackValues(page), ...common };
    case 'event':
      return { ...(blank as EventValues), ...eventValues(page), ...common };
    case 'business':
      return { ...(blank as BusinessValues), ...businessValues(page), ...common };
  }
}

const businessValues = (p: BusinessPage) => ({
  cover: imageValues(p.cover),
  name: p.name,
  description: p.description ?? '',
  timeZone: p.timeZone,
  hours: Object.fromEntries(WEEKDAYS.map((d) => [d, (p.hours[d] ?? []).map((s) => ({ ...s }))])) as Record<
    Weekday,
    SlotValues[]
  >,
  exceptions: (p.exceptions ?? []).map((e) => ({
    date: e.date,
    note: e.note ?? '',
    slots: e.slots.map((s) => ({ ...s })),
  })),
  address: {
    street: p.address?.street ?? '',
    city: p.address?.city ?? '',
    region: p.address?.region ?? '',
    postcode: p.address?.postcode ?? '',
    country: p.address?.country ?? '',
  },
  phone: p.phone ?? '',
  email: p.email ?? '',
  website: p.website ?? '',
  socials: (p.socials ?? []).map((x) => ({ network: x.network, url: x.url })),
});

const feedbackValues = (p: FeedbackPage) => ({
  title: p.title,
  intro: p.intro ?? '',
  ratingQuestion: p.ratingQuestion,
  askComment: p.askComment ?? false,
  askEmail: p.askEmail ?? false,
  choice: {
    question: p.choice?.question ?? '',
    options: (p.choice?.options ?? []).map((label) => ({ label })),
  },
  thanks: p.thanks ?? '',
});

const eventValues = (p: EventPage) => ({
  image: imageValues(p.image),
  title: p.title,
  start: instantToWallTime(p.start, p.timeZone),
  end: instantToWallTime(p.end, p.timeZone),
  timeZone: p.timeZone,
  place: p.place ?? '',
  description: p.description ?? '',
  organiser: p.organiser ?? '',
  url: p.url ?? '',
});

/** A stored image (or none) in the form, named by its file. */
const imageValues = (stored: { path: string; width: number; height: number } | undefined): ImageValues =>
  stored ? { ...stored, name: fileName(stored.path) } : noImage();

const pdfValues = (p: PdfPage) => ({
  title: p.title,
  description: p.description ?? '',
  file: { path: p.file, name: fileName(p.file) },
  cover: imageValues(p.cover),
});

const imagesValues = (p: ImagesPage) => ({
  title: p.title,
  description: p.description ?? '',
  images: p.images.map((i) => ({
    path: i.path,
    name: fileName(i.path),
    width: i.width,
    height: i.height,
    caption: i.caption ?? '',
  })),
});

const linksValues = (p: LinksPage) => ({
  avatar: imageValues(p.avatar),
  title: p.title,
  bio: p.bio ?? '',
  links: p.links,
});

const vcardValues = (p: VcardPage) => ({
  photo: imageValues(p.photo),
  firstName: p.firstName ?? '',
  lastName: p.lastName ?? '',
  role: p.role ?? '',
  company: p.company ?? '',
  phones: p.phones?.map((x) => ({ label: x.label ?? '', number: x.number })) ?? [],
  emails: p.emails?.map((address) => ({ address })) ?? [],
  website: p.website ?? '',
  address: {
    street: p.address?.street ?? '',
    city: p.address?.city ?? '',
    region: p.address?.region ?? '',
    postcode: p.address?.postcode ?? '',
    country: p.address?.country ?? '',
  },
  note: p.note ?? '',
});

const menuValues = (p: MenuPage) => ({
  title: p.title,
  currency: p.currency,
  locale: p.locale ?? '',
  hours: p.hours ?? '',
  sections: p.sections.map((s) => ({
    name: s.name,
    items: s.items.map((i) => ({
      name: i.name,
      description: i.description ?? '',
      price: String(i.price),
      tags: [...(i.tags ?? [])],
      photo: imageValues(i.photo),
    })),
  })),
});

const couponValues = (p: CouponPage) => ({
  headline: p.headline,
  offer: p.offer ?? '',
  code: p.code ?? '',
  validFrom: p.validFrom ? instantToWallTime(p.validFrom, p.timeZone) : '',
  validUntil: p.validUntil ? instantToWallTime(p.validUntil, p.timeZone) : '',
  timeZone: p.timeZone,
  terms: p.terms ?? '',
  redeemUrl: p.redeemUrl ?? '',
});
