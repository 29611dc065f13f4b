// Per page type: the shared schema that checks it and the fields that edit it. A new page type is one entry here
// plus its fields component and its line in codes/codesConfig.ts (HOSTED_PAGE_TYPES).
import type { ComponentType } from 'react';
import type { z } from 'zod';
import {
  businessPageSchema,
  couponPageSchema,
  eventPageSchema,
  feedbackPageSchema,
  imagesPageSchema,
  linksPageSchema,
  menuPageSchema,
  pdfPageSchema,
  vcardPageSchema,
  type HostedPage,
} from '../../shared/pages/schema.ts';
import { BusinessFields } from './BusinessFields.tsx';
import { CouponFields } from './CouponFields.tsx';
import { EventFields } from './EventFields.tsx';
import { FeedbackFields } from './FeedbackFields.tsx';
import { ImagesFields } from './ImagesFields.tsx';
import { LinksFields } from './LinksFields.tsx';
import { MenuFields } from './MenuFields.tsx';
import { PdfFields } from './PdfFields.tsx';
import { VcardFields } from './VcardFields.tsx';

export interface PageForm {
  /** What the page is called in the editor's heading: "Links page". */
  title: string;
  schema: z.ZodType<HostedPage>;
  Fields: ComponentType;
}

export const PAGE_FORMS: Record<HostedPage['type'], PageForm> = {
  links: { title: 'Links page', schema: linksPageSchema, Fields: LinksFields },
  vcard: { title: 'vCard Plus page', schema: vcardPageSchema, Fields: VcardFields },
  menu: { title: 'Menu page', schema: menuPageSchema, Fields: MenuFields },
  coupon: { title: 'Coupon page', schema: couponPageSchema, Fields: CouponFields },
  pdf: { title: 'PDF page', schema: pdfPageSchema, Fields: PdfFields },
  images: { title: 'Images page', schema: imagesPageSchema, Fields: ImagesFields },
  feedback: { title: 'Feedback page', schema: feedbackPageSchema, Fields: FeedbackFields },
  event: { title: 'Event page', schema: eventPageSchema, Fields: EventFields },
  business: { title: 'Business page', schema: businessPageSchema, Fields: BusinessFields },
};
