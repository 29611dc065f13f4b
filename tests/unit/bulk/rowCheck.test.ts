import { describe, expect, it } from 'vitest';
import { DEFAULT_CODE_DESIGN } from '../../../src/features/codes/codeModel.ts';
import { checkRow } from '../../../src/features/bulk/rowCheck.ts';
import type { QrDesign } from '../../../src/qr-ui/index.ts';
import { BULK_COLUMNS, type BulkRawRow } from '../../../workers/csvContract.ts';

const BASE: QrDesign = { ...DEFAULT_CODE_DESIGN, shape: 'square', fg: '#000000', bg: '#FFFFFF', ecl: 'M' };

function raw(values: Partial<BulkRawRow>): BulkRawRow {
  return { ...(Object.fromEntries(BULK_COLUMNS.map((c) => [c, ''])) as BulkRawRow), ...values };
}

describe('checkRow', () => {
  it('accepts a link with no overrides and keeps the page design', () => {
    const row = checkRow(raw({ name: 'Menu', content: 'https://example.com/menu' }), 2, BASE);
    expect(row.problems).toEqual([]);
    expect(row.type).toBe('website');
    expect(row.design).toEqual(BASE);
    expect(row.row).toBe(2);
  });

  it('reads plain text as a Text code and applies overrides given as labels or ids', () => {
    const row = checkRow(
      raw({
        content: 'hello',
        shape: 'Extra Rounded',
        frame: 'bottom-text',
        level: 'q',
        foreground: '1a2bb2',
        frame_text: 'HI',
      }),
      3,
      BASE,
    );
    expect(row.problems).toEqual([]);
    expect(row.type).toBe('text');
    expect(row.design).toEqual({
      ...BASE,
      shape: 'extraRounded',
      frame: 'bottomText',
      ecl: 'Q',
      fg: '#1A2BB2',
      frameText: 'HI',
    });
  });

  it('names each problem of a row in words', () => {
    const empty = checkRow(raw({ name: 'x' }), 4, BASE);
    expect(empty.problems.join(' ')).toMatch(/content is empty/);

    const badUrl = checkRow(raw({ content: 'not a link', type: 'url' }), 5, BASE);
    expect(badUrl.problems.join(' ')).toMatch(/"not a link" is not a web address/);

    const shape = checkRow(raw({ content: 'a', shape: 'star' }), 6, BASE);
    expect(shape.problems.join(' ')).toMatch(/Unknown shape "star"/);

    const colour = checkRow(raw({ content: 'a', background: 'red' }), 7, BASE);
    expect(colour.problems.join(' ')).toMatch(/background "red" is not a colour/);

    const type = checkRow(raw({ content: 'a', type: 'hologram' }), 8, BASE);
    expect(type.problems.join(' ')).toMatch(/Unknown type "hologram"/);

    const level = checkRow(raw({ content: 'a', level: 'X' }), 9, BASE);
    expect(level.problems.join(' ')).toMatch(/Unknown error level "X"/);
  });

  it('refuses too little contrast and inverted colours, as the renderer would', () => {
    const low = checkRow(raw({ content: 'a', foreground: '#777777', background: '#888888' }), 2, BASE);
    expect(low.problems.join(' ')).toMatch(/too close \(contrast 1\.\d:1/);
    const inverted = checkRow(raw({ content: 'a', foreground: '#FFFFFF', background: '#000000' }), 2, BASE);
    expect(inverted.problems.join(' ')).toMatch(/lighter than the background/);
  });

  it('collects every problem of one row, not only the first', () => {
    const row = checkRow(raw({ content: '', shape: 'star', frame: 'cloud' }), 2, BASE);
    expect(row.problems).toHaveLength(3);
  });
});
