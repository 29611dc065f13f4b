/** The RGB → CMYK formula, the "visibly different" check and the print form's rules. */
import { describe, expect, test } from 'vitest';
import { checkCmyk, printedRgb } from '../../../src/qr-ui/printColour.ts';
import { changeUnit, checkPrintForm, defaultPrintForm } from '../../../src/qr-ui/printSetup.ts';
import { rgbToCmyk } from '../../../src/shared/qr/print.ts';

describe('rgbToCmyk (K = 1 − max, C = (1 − R − K) / (1 − K) …, whole percent)', () => {
  test.each([
    [
      [0, 0, 0],
      [0, 0, 0, 1],
    ],
    [
      [255, 255, 255],
      [0, 0, 0, 0],
    ],
    [
      [255, 0, 0],
      [0, 1, 1, 0],
    ],
    [
      [0, 0, 255],
      [1, 1, 0, 0],
    ],
    [
      [128, 128, 128],
      [0, 0, 0, 0.5],
    ],
    [
      [26, 43, 178],
      [0.85, 0.76, 0, 0.3],
    ],
  ] as const)('%j → %j', (rgb, cmyk) => {
    expect(rgbToCmyk(rgb)).toEqual(cmyk);
  });
});

describe('visible change in CMYK (press model, ΔE76 > 5)', () => {
  test('the press model: no ink is white, 100 % K is black, K alone stays neutral', () => {
    expect(printedRgb([0, 0, 0, 0]).map((v) => v.toFixed(3))).toEqual(['1.000', '1.000', '1.000']);
    expect(printedRgb([0, 0, 0, 1]).map((v) => v.toFixed(3))).toEqual(['0.000', '0.000', '0.000']);
    const [r, g, b] = printedRgb([0, 0, 0, 0.5]);
    expect(Math.abs(r - g) + Math.abs(g - b)).toBeLessThan(1e-9);
  });

  test.each(['#000000', '#FFFFFF', '#808080', '#333333'])('%s prints as chosen (neutral)', (hex) => {
    const c = checkCmyk(hex);
    expect(c?.visible).toBe(false);
    expect(c?.deltaE).toBeLessThan(1);
  });

  test.each(['#0000FF', '#00FF00', '#FF0000', '#1A2BB2'])('%s changes visibly (screen-only saturation)', (hex) => {
    expect(checkCmyk(hex)?.visible).toBe(true);
  });

  test('percent values as the file writes them; a bad colour gives null', () => {
    expect(checkCmyk('#1A2BB2')?.cmyk).toEqual([85, 76, 0, 30]);
    expect(checkCmyk('blue')).toBeNull();
  });
});

describe('print form', () => {
  test('starts at 50 mm, raised to the floor, 3 mm bleed, crop marks, CMYK', () => {
    expect(defaultPrintForm(23.4)).toEqual({ unit: 'mm', size: '50', bleed: '3', cropMarks: true, colour: 'cmyk' });
    expect(defaultPrintForm(135.2).size).toBe('135.2');
  });

  test('below the floor: the smallest safe size in the chosen unit', () => {
    const form = { ...defaultPrintForm(40), size: '30' };
    expect(checkPrintForm(form, 40)).toEqual({
      ok: false,
      field: 'size',
      message: 'At least 40 mm for this code (0.8 mm per module), or it may not scan.',
    });
    const inches = changeUnit(form, 'in');
    expect(inches.size).toBe('1.18');
    expect(checkPrintForm(inches, 40)).toMatchObject({ ok: false, message: expect.stringContaining('1.58 in') });
  });

  test('valid: the setup in millimetres; bad bleed and empty size named', () => {
    expect(checkPrintForm({ ...defaultPrintForm(40), unit: 'in', size: '2', bleed: '0.125' }, 40)).toEqual({
      ok: true,
      setup: { sizeMm: 50.8, bleedMm: 3.175, cropMarks: true, colour: 'cmyk' },
    });
    expect(checkPrintForm({ ...defaultPrintForm(40), bleed: '-1' }, 40)).toMatchObject({ ok: false, field: 'bleed' });
    expect(checkPrintForm({ ...defaultPrintForm(40), size: '' }, 40)).toMatchObject({
      ok: false,
      message: 'Enter the print size in mm.',
    });
  });
});
