/**
 * Industry pages (spec §2, "Industry pages"): two page styles, each with its own four cards and call to action.
 * Any slug not listed here is a 404.
 */
export type IndustryStyle = 'healthcare' | 'retail';

export interface Industry {
  slug: string;
  name: string;
  style: IndustryStyle;
}

export const INDUSTRIES: readonly Industry[] = [
  { slug: 'healthcare', name: 'Healthcare', style: 'healthcare' },
  { slug: 'finance', name: 'Finance', style: 'healthcare' },
  { slug: 'education', name: 'Education', style: 'healthcare' },
  { slug: 'events', name: 'Events', style: 'healthcare' },
  { slug: 'executives', name: 'Executives', style: 'healthcare' },
  { slug: 'enterprise', name: 'Enterprise', style: 'healthcare' },
  { slug: 'small-business', name: 'Small Business', style: 'healthcare' },
  { slug: 'retail', name: 'Retail', style: 'retail' },
  { slug: 'consumer-goods', name: 'Consumer Goods', style: 'retail' },
  { slug: 'hospitality', name: 'Hospitality', style: 'retail' },
  { slug: 'marketing', name: 'Marketing', style: 'retail' },
  { slug: 'packaging', name: 'Packaging', style: 'retail' },
  { slug: 'field-sales', name: 'Field Sales', style: 'retail' },
  { slug: 'email-signatures', name: 'Email Signatures', style: 'retail' },
  { slug: 'mid-sized', name: 'Mid-sized Businesses', style: 'retail' },
];

export function findIndustry(slug: string | undefined): Industry | undefined {
  return INDUSTRIES.find((i) => i.slug === slug);
}

export interface IndustryCard {
  title: string;
  description: string;
}

export const INDUSTRY_STYLES: Record<IndustryStyle, { cards: IndustryCard[]; cta: string; ctaTo: string }> = {
  healthcare: {
    cards: [
      {
        title: 'Patient Identification',
        description: 'Link wristbands and forms to the right record with a quick, reliable scan.',
      },
      {
        title: 'Medication Management',
        description: 'Give instant access to dosage instructions and medication information.',
      },
      {
        title: 'Visitor Management',
        description: 'Check visitors in and out and guide them through your buildings.',
      },
      {
        title: 'Medical Records Access',
        description: 'Open the right documents securely from a code on a chart or a card.',
      },
    ],
    cta: 'Get Started Free',
    ctaTo: '/auth',
  },
  retail: {
    cards: [
      {
        title: 'Product Information',
        description: 'Show specifications, ingredients, reviews and videos right at the shelf.',
      },
      {
        title: 'Loyalty Programs',
        description: 'Let customers join and collect rewards with a single scan.',
      },
      {
        title: 'Promotions and Coupons',
        description: 'Run offers you can change at any time without reprinting a thing.',
      },
      {
        title: 'Analytics',
        description: 'Learn where, when and on which devices your codes are scanned.',
      },
    ],
    cta: 'Start Free Trial',
    ctaTo: '/auth',
  },
};
