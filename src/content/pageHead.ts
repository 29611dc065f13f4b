/**
 * The head of every page: title, description and whether search engines may index it, keyed by route path.
 * Plain data and pure functions (no DOM, no React): `usePageHead` applies `headTags()` to the document, the
 * build writes `robots.txt` and `sitemap.xml` from `INDEXED_PATHS` (scripts/build/site-files-plugin.ts), and a
 * prerender step can print the same `headTags()` into static HTML.
 */
import { INDUSTRIES, type Industry } from './industries.ts';
import { PLANS, TRIAL_LINE } from './plans.ts';

export const SITE_NAME = 'QRCraft';
/** Used when VITE_SITE_URL is not set (the dev server's address). */
export const DEFAULT_SITE_ORIGIN = 'http://localhost:5173';
/** The description of pages that have none of their own (index.html carries the same text). */
export const SITE_DESCRIPTION = 'QRCraft: create, customize and track QR codes. Simple, powerful, and free to start.';

export interface PageHead {
  /** The page's own part of the title; the document title is "<title> | QRCraft". */
  title: string;
  /** Present on indexed pages only: they get a description, a canonical link and Open Graph tags of their own. */
  description?: string;
}

const planLine = PLANS.map((p) => `${p.name} (${p.price} ${p.period})`).join(', ');

/** Public pages: indexed and listed in the sitemap. */
const PUBLIC_HEADS = {
  '/': {
    title: 'Create, Customize and Track QR Codes',
    description:
      'Make QR codes for links, Wi-Fi, vCards, menus and 20 more types, style them with your colours and logo, and see who scans them. Free to start.',
  },
  '/create': {
    title: 'QR Code Generator: Create your Free QR Code',
    description:
      'Free QR code generator: pick one of 24 types, enter your content, set colours, shape, frame and logo, then download PNG, SVG, PDF or EPS.',
  },
  '/create/bulk': {
    title: 'Bulk QR Code Generator',
    description:
      'Make hundreds of QR codes from a spreadsheet: upload a CSV, check every row, pick one design and download PNG, SVG, PDF or EPS files in one ZIP.',
  },
  '/features': {
    title: 'Features',
    description:
      'Everything QRCraft does: 24 QR code types, dynamic codes you edit after printing, real-time scan analytics, custom design and PNG, SVG, PDF and EPS export.',
  },
  '/how-it-works': {
    title: 'How It Works',
    description:
      'From idea to a tracked QR code in three steps: choose the QR type, customise the design, then download it and follow every scan in QRCraft.',
  },
  '/pricing': {
    title: 'Pricing',
    description: `QRCraft pricing: ${planLine}. ${TRIAL_LINE}`,
  },
  '/testimonials': {
    title: 'Testimonials',
    description:
      'Restaurants, retailers and designers on QRCraft: menus updated without reprinting, campaigns steered by scan data, branded codes that scan first time.',
  },
  '/analytics': {
    title: 'QR Code Analytics Dashboard',
    description:
      'See where, when and on which devices your QR codes are scanned: countries, devices, operating systems and scans per day in one QRCraft dashboard.',
  },
  // The sign-up page every "Start Free" button leads to: people search for a product's login, so it is indexed.
  '/auth': {
    title: 'Log In or Register',
    description:
      'Log in to QRCraft or create a free account to save your QR codes, change where dynamic codes point and see who scans them.',
  },
} as const satisfies Record<string, Required<PageHead>>;

/** Pages never indexed (robots noindex while shown): the dashboard behind its sign-in guard, and the 404 page. */
const PRIVATE_HEADS = {
  '/dashboard': { title: 'Dashboard' },
  '/dashboard/qr-codes': { title: 'My QR Codes' },
  '/dashboard/analytics': { title: 'Analytics · Dashboard' },
  '/dashboard/settings': { title: 'Settings · Dashboard' },
  '*': { title: 'Page not found' },
} as const satisfies Record<string, PageHead>;

const INDUSTRY_PITCH: Record<Industry['style'], string> = {
  healthcare:
    'link records and forms, guide visitors and open the right documents securely, with one reliable scan. Free to start.',
  retail:
    'show product details at the shelf, run loyalty programs and coupons you change without reprinting, and track every scan.',
};

function industryHead(industry: Industry): Required<PageHead> {
  return {
    title: `QR Codes for ${industry.name}`,
    description: `QR codes for ${industry.name} that ${INDUSTRY_PITCH[industry.style]}`,
  };
}

/** A route path as pages name it: the route table's paths, an industry page, or `*` for the 404 page. */
export type PagePath = keyof typeof PUBLIC_HEADS | keyof typeof PRIVATE_HEADS | `/solutions/${string}`;

/** The head of a page; an unknown industry is the 404 page. */
export function pageHead(path: PagePath): PageHead {
  if (path in PUBLIC_HEADS) return PUBLIC_HEADS[path as keyof typeof PUBLIC_HEADS];
  if (path in PRIVATE_HEADS) return PRIVATE_HEADS[path as keyof typeof PRIVATE_HEADS];
  const industry = INDUSTRIES.find((i) => path === `/solutions/${i.slug}`);
  return industry ? industryHead(industry) : PRIVATE_HEADS['*'];
}

/** Every path search engines may index, in sitemap order: the public pages, then one per industry. */
export const INDEXED_PATHS: readonly string[] = [
  ...Object.keys(PUBLIC_HEADS),
  ...INDUSTRIES.map((i) => `/solutions/${i.slug}`),
];

/** Path prefixes robots.txt keeps crawlers out of (their pages also say noindex). */
export const DISALLOWED_PREFIXES: readonly string[] = ['/dashboard'];

/**
 * Every page the build prerenders to static HTML: the indexed pages and the 404 page (`*`). The rest, the
 * dashboard behind its sign-in guard, is rendered in the browser only (CLIENT_RENDERED_PREFIXES).
 */
export const PRERENDERED_PATHS: readonly string[] = [...INDEXED_PATHS, '*'];
export const CLIENT_RENDERED_PREFIXES: readonly string[] = ['/dashboard'];

/** "<title> | QRCraft", or "QRCraft" alone. */
export function documentTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : SITE_NAME;
}

/** VITE_SITE_URL as an origin without a trailing slash (default http://localhost:5173); throws when malformed. */
export function siteOrigin(value: string | undefined): string {
  const raw = value?.trim() || DEFAULT_SITE_ORIGIN;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`VITE_SITE_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`VITE_SITE_URL must be an http(s) URL, got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/** The tags a page's head carries. `meta` lists every managed tag; a `null` content means "absent". */
export interface HeadTags {
  title: string;
  canonical: string | null;
  meta: { attr: 'name' | 'property'; key: string; content: string | null }[];
}

export function headTags(path: PagePath, origin: string): HeadTags {
  const head = pageHead(path);
  const title = documentTitle(head.title);
  const indexed = head.description !== undefined;
  const url = indexed ? `${origin}${path}` : null;
  const description = head.description ?? SITE_DESCRIPTION;
  return {
    title,
    canonical: url,
    meta: [
      { attr: 'name', key: 'description', content: description },
      { attr: 'name', key: 'robots', content: indexed ? null : 'noindex' },
      { attr: 'property', key: 'og:title', content: title },
      { attr: 'property', key: 'og:description', content: description },
      { attr: 'property', key: 'og:type', content: 'website' },
      { attr: 'property', key: 'og:url', content: url },
      { attr: 'name', key: 'twitter:card', content: 'summary' },
    ],
  };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function sitemapXml(origin: string): string {
  const urls = INDEXED_PATHS.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
