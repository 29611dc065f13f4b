/**
 * Header and footer navigation of spec §2. An item with `to` navigates; an item without is a placeholder
 * the spec gives no target for, rendered as a visibly non-navigating "Coming soon" entry.
 */
export interface NavItem {
  label: string;
  description?: string;
  to?: string;
}

export interface NavMenu {
  label: string;
  items: NavItem[];
}

export const PRODUCT_MENU: NavMenu = {
  label: 'Product',
  items: [
    { label: 'Analytics Dashboard', description: 'Track and analyze QR code performance', to: '/analytics' },
    { label: 'Dynamic QR Codes', description: 'Edit content without reprinting', to: '/features#dynamic' },
    { label: 'Custom Design', description: 'Add your colours and logos', to: '/features#custom-design' },
    { label: 'All Features', description: 'Everything QRCraft can do', to: '/features' },
  ],
};

export const SOLUTION_MENU: NavMenu = {
  label: 'Solution',
  items: [
    { label: 'Retail', to: '/solutions/retail' },
    { label: 'Healthcare', to: '/solutions/healthcare' },
    { label: 'Hospitality', to: '/solutions/hospitality' },
    { label: 'Marketing', to: '/solutions/marketing' },
    { label: 'Packaging', to: '/solutions/packaging' },
    { label: 'Events', to: '/solutions/events' },
  ],
};

export const COMPANY_MENU: NavMenu = {
  label: 'Company',
  items: [{ label: 'About Us' }, { label: 'Careers' }, { label: 'Contact' }],
};

export const RESOURCES_MENU: NavMenu = {
  label: 'Resources',
  items: [
    { label: 'Blog' },
    { label: 'Guides & eBooks' },
    { label: 'Videos & Webinars' },
    { label: 'Customer Stories' },
    { label: 'QR Code Inspiration Gallery' },
    { label: 'Help Center' },
    { label: 'Trust Center' },
    { label: 'Developers' },
    { label: 'Integrations Marketplace' },
  ],
};

export const HEADER_MENUS: readonly NavMenu[] = [PRODUCT_MENU, SOLUTION_MENU, COMPANY_MENU, RESOURCES_MENU];

export const FOOTER_COLUMNS: readonly { title: string; items: NavItem[] }[] = [
  {
    title: 'Product',
    items: [
      { label: 'Home', to: '/' },
      { label: 'Features', to: '/#features' },
      { label: 'Pricing', to: '/#pricing' },
      { label: 'How it works', to: '/#how-it-works' },
      { label: 'Dashboard', to: '/dashboard' },
    ],
  },
  {
    title: 'Company',
    items: [{ label: 'About Us' }, { label: 'Blog' }, { label: 'Careers' }, { label: 'Contact' }],
  },
  {
    title: 'Legal',
    items: [{ label: 'Privacy Policy' }, { label: 'Terms of Service' }, { label: 'Cookie Policy' }, { label: 'GDPR' }],
  },
];

export const SOCIAL_LINKS: readonly { label: 'Instagram' | 'YouTube' | 'LinkedIn'; href: string }[] = [
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'YouTube', href: 'https://www.youtube.com/' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
];

export const FOOTER_DESCRIPTION = 'Create, customize and track dynamic QR codes for your business.';
export const COPYRIGHT_YEAR = 2024;

/** Menu timings of spec §9. */
export const MENU_TIMINGS = {
  openDelayMs: 200,
  skipDelayMs: 300,
  closeDelayMs: 150,
  typeaheadResetMs: 1000,
} as const;

/** Landing headline (spec §1, §9). */
export const HEADLINE_PREFIX = 'Create QR Codes';
export const HEADLINE_SUFFIXES = ['In Seconds', 'That You Can Track', 'That Convert'] as const;
export const HEADLINE_INTERVAL_MS = 9000;
export const HEADLINE_FADE_MS = 300;
