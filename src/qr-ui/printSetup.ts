import {
  DEFAULT_BLEED_MM,
  MAX_BLEED_MM,
  MAX_PRINT_MM,
  MIN_MODULE_MM,
  MM_PER_INCH,
  type PrintColour,
  type PrintSetup,
} from '../worker-client/index.ts';

export type PrintUnit = 'mm' | 'in';

/** The print setup as the form holds it: numbers as typed, in the chosen unit. */
export interface PrintForm {
  unit: PrintUnit;
  size: string;
  bleed: string;
  cropMarks: boolean;
  colour: PrintColour;
}

/** A new form starts at this trim size, raised to the code's smallest safe size. */
const DEFAULT_PRINT_MM = 50;

export const PRINT_UNITS: readonly { value: PrintUnit; label: string }[] = [
  { value: 'mm', label: 'mm' },
  { value: 'in', label: 'in' },
];

export const PRINT_COLOURS: readonly { value: PrintColour; label: string }[] = [
  { value: 'rgb', label: 'RGB (screens, digital print)' },
  { value: 'cmyk', label: 'CMYK (offset press)' },
];

function toMm(value: number, unit: PrintUnit): number {
  return unit === 'in' ? value * MM_PER_INCH : value;
}

/** A length in the unit, rounded up (sizes) to what the form shows: 0.1 mm or 0.01 in. */
export function fromMm(mm: number, unit: PrintUnit, roundUp = false): string {
  const step = unit === 'in' ? 100 : 10;
  const v = unit === 'in' ? mm / MM_PER_INCH : mm;
  const r = (roundUp ? Math.ceil(v * step - 1e-9) : Math.round(v * step)) / step;
  return String(r);
}

export function defaultPrintForm(minSizeMm: number): PrintForm {
  return {
    unit: 'mm',
    size: fromMm(Math.max(DEFAULT_PRINT_MM, minSizeMm), 'mm', true),
    bleed: String(DEFAULT_BLEED_MM),
    cropMarks: true,
    colour: 'cmyk',
  };
}

/** The form switched to another unit, its lengths converted. */
export function changeUnit(form: PrintForm, unit: PrintUnit): PrintForm {
  if (unit === form.unit) return form;
  const convert = (s: string) => {
    const v = Number(s);
    return s.trim() === '' || !Number.isFinite(v) ? s : fromMm(toMm(v, form.unit), unit);
  };
  return { ...form, unit, size: convert(form.size), bleed: convert(form.bleed) };
}

export type PrintCheck = { ok: true; setup: PrintSetup } | { ok: false; field: 'size' | 'bleed'; message: string };

/** The form as a PrintSetup, or the first field that is wrong and why (the worker checks the same limits). */
export function checkPrintForm(form: PrintForm, minSizeMm: number): PrintCheck {
  const unit = form.unit;
  const size = Number(form.size);
  if (form.size.trim() === '' || !Number.isFinite(size))
    return { ok: false, field: 'size', message: `Enter the print size in ${unit}.` };
  const sizeMm = toMm(size, unit);
  if (sizeMm < minSizeMm - 1e-9)
    return {
      ok: false,
      field: 'size',
      message: `At least ${fromMm(minSizeMm, unit, true)} ${unit} for this code (${MIN_MODULE_MM} mm per module), or it may not scan.`,
    };
  if (sizeMm > MAX_PRINT_MM)
    return { ok: false, field: 'size', message: `At most ${fromMm(MAX_PRINT_MM, unit)} ${unit}.` };
  const bleed = Number(form.bleed);
  if (form.bleed.trim() === '' || !Number.isFinite(bleed) || bleed < 0 || toMm(bleed, unit) > MAX_BLEED_MM)
    return { ok: false, field: 'bleed', message: `The bleed must be from 0 to ${fromMm(MAX_BLEED_MM, unit)} ${unit}.` };
  return {
    ok: true,
    // The floor is rounded up for display; a size typed at the shown floor is accepted.
    setup: {
      sizeMm: Math.max(sizeMm, minSizeMm),
      bleedMm: toMm(bleed, unit),
      cropMarks: form.cropMarks,
      colour: form.colour,
    },
  };
}
