import {
  DESIGN_DEFAULTS,
  type Ecl,
  type EyeShape,
  type Frame,
  type GradientType,
  type Shape,
} from '../worker-client/index.ts';
import type { QrDesign } from './request.ts';

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

// Design options (docs/design-options.md): eyes, gradient, background, margin, templates.

export const EYE_SHAPE_OPTIONS: readonly { value: EyeShape; label: string }[] = [
  { value: 'auto', label: 'Match modules' },
  { value: 'square', label: 'Square' },
  { value: 'rounded', label: 'Rounded' },
  { value: 'circle', label: 'Circle' },
  { value: 'leaf', label: 'Leaf' },
];

export const GRADIENT_OPTIONS: readonly { value: 'none' | GradientType; label: string }[] = [
  { value: 'none', label: 'None (one colour)' },
  { value: 'linear', label: 'Linear' },
  { value: 'radial', label: 'Radial' },
];

/** Raster download sizes offered (px per side), MIN_EXPORT_PX..MAX_EXPORT_PX; 1000 stays the default. */
export const IMAGE_SIZES: readonly number[] = [256, 512, 1000, 2048, 4096];

/** Under this quiet zone (modules) the page warns: ISO/IEC 18004 asks for 4, and many readers need it. */
export const SAFE_MARGIN = 4;

/** A design without the level: what a template keeps (the level belongs to the content's needs). */
export type TemplateDesign = Omit<QrDesign, 'ecl'>;

export interface BuiltInTemplate {
  id: string;
  name: string;
  design: TemplateDesign;
}

const PLAIN: TemplateDesign = {
  shape: 'square',
  fg: '#000000',
  bg: '#FFFFFF',
  frame: 'none',
  frameText: '',
  ...DESIGN_DEFAULTS,
};

/** A few built-in templates that show the range; every colour passes the contrast rule on its background. */
export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [
  { id: 'builtin:classic', name: 'Classic', design: PLAIN },
  {
    id: 'builtin:ocean',
    name: 'Ocean gradient',
    design: {
      ...PLAIN,
      shape: 'dots',
      fg: '#1A2BB2',
      gradient: { type: 'linear', angle: 45, stops: ['#1A2BB2', '#0E7490'] },
      eyeFrame: 'circle',
      eyeCentre: 'circle',
    },
  },
  {
    id: 'builtin:sunset',
    name: 'Sunset radial',
    design: {
      ...PLAIN,
      shape: 'classyRounded',
      fg: '#B91C1C',
      gradient: { type: 'radial', angle: 0, stops: ['#7C2D12', '#B91C1C', '#9333EA'] },
      eyeFrame: 'leaf',
      eyeCentre: 'leaf',
    },
  },
  {
    id: 'builtin:badge',
    name: 'Green badge',
    design: {
      ...PLAIN,
      shape: 'rounded',
      fg: '#15803D',
      frame: 'badge',
      eyeFrame: 'rounded',
      eyeCentre: 'square',
      eyeFrameColour: '#000000',
    },
  },
  {
    id: 'builtin:transparent',
    name: 'Transparent sticker',
    design: { ...PLAIN, shape: 'extraRounded', transparent: true, margin: 2 },
  },
];
