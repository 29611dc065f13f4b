// Which generator types a signed-in user can build as a page we host (issue 32), and where its editor lives. Plain
// data, no schema: the generator's lazy parts read it. PDF and Images join with one line each here (and their
// form in pageForms.tsx) once their page types are in hostedPageSchema.
import type { QrTypeId } from '../../content/qrTypes.ts';
import type { HostedPage } from '../../shared/pages/schema.ts';

/** Generator type → the page type it builds. vCard Plus is the `vcard` page (the plain vCard stays in the code). */
export const HOSTED_PAGE_TYPES = {
  links: 'links',
  vcardplus: 'vcard',
  menu: 'menu',
  coupon: 'coupon',
} as const satisfies Partial<Record<QrTypeId, HostedPage['type']>>;

export type HostedQrTypeId = keyof typeof HOSTED_PAGE_TYPES;

export function isHostedType(type: string): type is HostedQrTypeId {
  return Object.hasOwn(HOSTED_PAGE_TYPES, type);
}

/** The editor of a new page of `type`, and of a saved code's page. */
export const newPagePath = (type: HostedQrTypeId) => `/dashboard/pages/new/${type}`;
export const editPagePath = (codeId: string) => `/dashboard/pages/${encodeURIComponent(codeId)}`;
