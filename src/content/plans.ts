/**
 * Marketing plans, spec §3 ("Plan entry") and §9 (prices, features, button labels). The spec's lines come first,
 * word for word; the lines after them are the scan settings each plan gets (issue 37, src/shared/rules/plan.ts,
 * enforced by the database).
 */
export interface Plan {
  name: string;
  price: string;
  period: string;
  description: string;
  features: string[];
  cta: string;
  popular: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    name: 'Free',
    price: '$0',
    period: 'forever',
    description: 'For individuals getting started with QR codes.',
    features: [
      '3 dynamic codes',
      '500 scans per month',
      'Basic analytics',
      'Standard support',
      'PNG export',
      'Scan schedules, limits and passwords',
      '2 scan rules per code',
    ],
    cta: 'Start Free',
    popular: false,
  },
  {
    name: 'Pro',
    price: '$29',
    period: 'per month',
    description: 'For growing businesses that track every scan.',
    features: [
      'Unlimited codes and scans',
      'Advanced analytics',
      'Priority support',
      'All export formats',
      'Custom branding',
      'Bulk creation',
      'API access',
      '20 scan rules per code',
      'A/B split testing',
      'UTM tracking and parameter forwarding',
    ],
    cta: 'Start Pro Trial',
    popular: true,
  },
  {
    name: 'Business',
    price: '$99',
    period: 'per month',
    description: 'For teams and organisations running QR campaigns at scale.',
    features: [
      'Everything in Pro',
      'Team collaboration',
      'White-label',
      'Dedicated account manager',
      'Custom integrations',
      'SLA guarantee',
      'Advanced security',
      'Custom training',
    ],
    cta: 'Contact Sales',
    popular: false,
  },
];

export const TRIAL_LINE = 'All plans include a 14-day free trial. No credit card required.';
