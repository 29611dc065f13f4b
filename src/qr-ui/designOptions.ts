import type { Ecl, Frame, Shape } from '../worker-client/index.ts';

// Spec §3 and §9: labels, level descriptions and the six colour presets (each on #FFFFFF).
export const FRAME_OPTIONS: readonly { value: Frame; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'square', label: 'Square' },
  { value: 'rounded', label: 'Rounded' },
  { value: 'circular', label: 'Circle' },
  { value: 'banner', label: 'Banner' },
  { value: 'bottomText', label: 'Bottom Text' },
  { value: 'topText', label: 'Top Text' },
  { value: 'badge', label: 'Badge' },
];

export const SHAPE_OPTIONS: readonly { value: Shape; label: string }[] = [
  { value: 'square', label: 'Square' },
  { value: 'dots', label: 'Dots' },
  { value: 'rounded', label: 'Rounded' },
  { value: 'extraRounded', label: 'Extra Rounded' },
  { value: 'classy', label: 'Classy' },
  { value: 'classyRounded', label: 'Classy Rounded' },
];

export const ECL_OPTIONS: readonly { value: Ecl; label: string; percent: string; description: string }[] = [
  { value: 'L', label: 'Low', percent: '7%', description: 'Smallest code' },
  { value: 'M', label: 'Medium', percent: '15%', description: 'Balanced, recommended' },
  { value: 'Q', label: 'Quartile', percent: '25%', description: 'Good with logo' },
  { value: 'H', label: 'High', percent: '30%', description: 'Best with logo' },
];

export const COLOR_PRESETS: readonly { name: string; fg: string; bg: string }[] = [
  { name: 'Classic', fg: '#000000', bg: '#FFFFFF' },
  { name: 'Blue', fg: '#1A2BB2', bg: '#FFFFFF' },
  { name: 'Red', fg: '#DC2626', bg: '#FFFFFF' },
  { name: 'Green', fg: '#16A34A', bg: '#FFFFFF' },
  { name: 'Purple', fg: '#9333EA', bg: '#FFFFFF' },
  { name: 'Orange', fg: '#EA580C', bg: '#FFFFFF' },
];

/** Spec §5/§9: png, jpeg, jpg, svg (the types and the 2 MB limit are the worker's: LOGO_TYPES, MAX_LOGO_BYTES). */
export const LOGO_ACCEPT = '.png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml';
