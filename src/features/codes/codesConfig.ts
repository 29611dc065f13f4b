import type { QrTypeId } from '../../content/qrTypes.ts';
import type { HostedPage } from '../../shared/pages/schema.ts';

/**
 * Where dynamic codes point. A dynamic code encodes `${redirectBase}/${slug}`; the server behind it answers with a
 * 302 to the code's current destination, so the destination can change without reprinting.
 * - `VITE_REDIRECT_BASE_URL` when set (hosted Supabase: `https://<ref>.supabase.co/functions/v1/r`);
 * - otherwise `${VITE_SUPABASE_URL}/r`, the local server's redirect route.
 */
export class CodesConfigError extends Error {
  readonly code = 'codes_not_configured';
  constructor() {
    super('Saved codes are not configured: set VITE_SUPABASE_URL (and VITE_REDIRECT_BASE_URL on hosted Supabase).');
    this.name = 'CodesConfigError';
  }
}

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

export function readRedirectBaseUrl(env: Record<string, string | undefined> = import.meta.env): string {
  const explicit = env.VITE_REDIRECT_BASE_URL?.trim();
  if (explicit) return trimSlashes(explicit);
  const supabase = env.VITE_SUPABASE_URL?.trim();
  if (!supabase) throw new CodesConfigError();
  return `${trimSlashes(supabase)}/r`;
}

/** The address a dynamic code encodes (the thing that gets printed). */
export function shortUrl(slug: string, base: string = readRedirectBaseUrl()): string {
  return `${trimSlashes(base)}/${encodeURIComponent(slug)}`;
}

/** True when `url` is already one of our short URLs (saving it as a dynamic code would redirect to itself). */
export function isShortUrl(url: string, base: string = readRedirectBaseUrl()): boolean {
  return url.trim().startsWith(`${trimSlashes(base)}/`);
}

// Hosted pages (issue 32): the generator types a signed-in user can build as a page we host, and where the editor
// lives. Here rather than in src/features/pages: this module is already among the files the generator's lazy parts
// and the dashboard's routes name, and a module of its own would add its name to those lists, which the first
// paint downloads (e2e/fixtures/budgets.ts). A new page type is a line below (and its form in
// src/features/pages/pageForms.ts) once it is in hostedPageSchema.

/** Generator type → the page type it builds. vCard Plus is the `vcard` page (the plain vCard stays in the code). */
export const HOSTED_PAGE_TYPES = {
  links: 'links',
  vcardplus: 'vcard',
  menu: 'menu',
  coupon: 'coupon',
  pdf: 'pdf',
  images: 'images',
  feedback: 'feedback',
  event: 'event',
  business: 'business',
} as const satisfies Partial<Record<QrTypeId, HostedPage['type']>>;

export type HostedQrTypeId = keyof typeof HOSTED_PAGE_TYPES;

/**
 * Whether a signed-out visitor's code of this type is a link to a page hosted elsewhere (and they are told that a
 * hosted page needs an account). An event's is not: without an account it stays an iCalendar code.
 */
export function isLinkWithoutAccount(type: string): boolean {
  return isHostedType(type) && type !== 'event';
}

export function isHostedType(type: string): type is HostedQrTypeId {
  return Object.hasOwn(HOSTED_PAGE_TYPES, type);
}

/**
 * The editor is a view of My QR Codes (HostedPageScreen.tsx says why): a new page of a generator type, or a saved
 * code's page. In this module, so the generator's parts that link to it add one small file to what they load.
 */
export const NEW_PAGE_PARAM = 'new-hosted-page';
export const EDIT_PAGE_PARAM = 'hosted-page';
export const newPagePath = (type: HostedQrTypeId) => `/dashboard/qr-codes?${NEW_PAGE_PARAM}=${type}`;
export const editPagePath = (codeId: string) => `/dashboard/qr-codes?${EDIT_PAGE_PARAM}=${encodeURIComponent(codeId)}`;
