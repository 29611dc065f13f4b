/** The six feature cards of /features and the landing "features" section (spec §1 marketing copy). */
export type FeatureIcon = 'types' | 'dynamic' | 'analytics' | 'design' | 'export' | 'uptime';

export interface Feature {
  id: string;
  icon: FeatureIcon;
  title: string;
  description: string;
}

export const FEATURES: readonly Feature[] = [
  {
    id: 'qr-types',
    icon: 'types',
    title: 'Multiple QR Types',
    description: 'Create codes for URLs, vCards, Wi-Fi, PDFs, menus and more: 24 content types in one place.',
  },
  {
    id: 'dynamic',
    icon: 'dynamic',
    title: 'Dynamic QR Codes',
    description: 'Edit the content behind a printed code at any time, without reprinting it.',
  },
  {
    id: 'analytics',
    icon: 'analytics',
    title: 'Real-time Analytics',
    description: 'See every scan by location, device, operating system and time.',
  },
  {
    id: 'custom-design',
    icon: 'design',
    title: 'Custom Design',
    description: 'Match your brand with your own colours, logos, frames and styles.',
  },
  {
    id: 'export',
    icon: 'export',
    title: 'Export Anywhere',
    description: 'Download your codes as PNG, SVG, PDF or EPS, ready for screen and print.',
  },
  {
    id: 'uptime',
    icon: 'uptime',
    title: '99.9% Uptime',
    description: 'Your dynamic codes keep redirecting, day and night, with 99.9% uptime.',
  },
];

/** The three steps of /how-it-works (spec §2). */
export const STEPS: readonly { title: string; description: string }[] = [
  {
    title: 'Choose the QR type',
    description: 'Pick what your code should do: open a website, share a vCard, join Wi-Fi, show a menu and more.',
  },
  {
    title: 'Customise the design',
    description: 'Set colours, frames, shapes and your logo, and choose an error-correction level that suits it.',
  },
  {
    title: 'Track and analyse',
    description: 'Download and share your code, then follow its scans by location, device and time.',
  },
];
