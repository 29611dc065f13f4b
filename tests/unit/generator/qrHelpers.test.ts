/** Page-side QR helpers (src/qr-ui): the contrast warning agrees with the renderer, and the payload type of a request. */
import { describe, expect, test } from 'vitest';
import { colorWarning, contentKind, storedContentKind } from '../../../src/qr-ui/index.ts';
import { checkColours } from '../../../src/shared/qr/colour.ts';
import { QR_TYPES } from '../../../src/content/qrTypes.ts';
import { CONTENT_KINDS } from '../../../src/shared/qr/vocabulary.ts';

describe('colorWarning', () => {
  test('warns exactly when the renderer refuses the colours (one colour rule)', () => {
    const levels = ['00', '33', '66', '80', '99', 'BB', 'DD', 'FF'];
    const colours = levels.flatMap((r) =>
      levels.filter((_, i) => i % 3 === 0).map((g) => `#${r}${g}${levels[(levels.indexOf(r) + 5) % 8]}`),
    );
    let refused = 0;
    for (const fg of colours) {
      for (const bg of colours) {
        let throws = false;
        try {
          checkColours(fg, bg);
        } catch {
          throws = true;
        }
        refused += throws ? 1 : 0;
        expect(colorWarning(fg, bg) !== null, `${fg} on ${bg}`).toBe(throws);
      }
    }
    expect(refused).toBeGreaterThan(colours.length);
    expect(refused).toBeLessThan(colours.length ** 2);
  });

  test('names the problem, and accepts colours with or without #', () => {
    expect(colorWarning('#FFFFFF', '#000000')).toBe('inverted');
    expect(colorWarning('#777777', '#999999')).toBe('lowContrast');
    expect(colorWarning('#000000', '#FFFFFF')).toBeNull();
    expect(colorWarning(' FFFFFF', '000000 ')).toBe('inverted');
    expect(colorWarning('#12345', '#FFFFFF')).toBeNull();
  });
});

describe('contentKind', () => {
  test('every generator type has a kind the worker knows', () => {
    for (const t of QR_TYPES) expect(CONTENT_KINDS, t.id).toContain(contentKind(t.id));
    expect(contentKind('website')).toBe('url');
    expect(contentKind('text')).toBe('text');
    expect(contentKind('vcardplus')).toBe('vcard');
  });

  test('a stored type is a type id, an older label, or the column default "URL"; anything else is text', () => {
    expect(storedContentKind('wifi')).toBe('wifi');
    expect(storedContentKind('Menu')).toBe('url');
    expect(storedContentKind('vCard')).toBe('vcard');
    expect(storedContentKind('URL')).toBe('url');
    expect(storedContentKind('Flyer')).toBe('text');
  });
});
