// The content fields' limit and the notice when it cut a paste (issue 35), against the encoder's real capacity.
import { describe, expect, it } from 'vitest';
import { DataTooLongError, encodeText } from '../../../src/encoder/index.ts';
import { MAX_CONTENT_FIELD_CHARS, roomFor } from '../../../src/features/generator/contentLimits.ts';
import { MOST_CHARACTERS_IN_A_QR_CODE, pasteCutNotice } from '../../../src/features/generator/pasteCutNotice.ts';

const digits = (n: number) => '1234567890'.repeat(Math.ceil(n / 10)).slice(0, n);

describe('content field limits', () => {
  it('the most characters in a QR code is what the encoder fits at level L, and the field takes more', () => {
    expect(encodeText(digits(MOST_CHARACTERS_IN_A_QR_CODE), { ecl: 'L' }).version).toBe(40);
    expect(() => encodeText(digits(MOST_CHARACTERS_IN_A_QR_CODE + 1), { ecl: 'L' })).toThrow(DataTooLongError);
    expect(MAX_CONTENT_FIELD_CHARS).toBeGreaterThan(MOST_CHARACTERS_IN_A_QR_CODE);
  });

  it('room for a paste: the limit less the text that stays (a selection is replaced)', () => {
    expect(roomFor({ value: '', selectionStart: 0, selectionEnd: 0 })).toBe(MAX_CONTENT_FIELD_CHARS);
    expect(roomFor({ value: 'abcdef', selectionStart: 6, selectionEnd: 6 })).toBe(MAX_CONTENT_FIELD_CHARS - 6);
    expect(roomFor({ value: 'abcdef', selectionStart: 1, selectionEnd: 5 })).toBe(MAX_CONTENT_FIELD_CHARS - 2);
    expect(roomFor({ value: 'x'.repeat(MAX_CONTENT_FIELD_CHARS), selectionStart: 0, selectionEnd: 0 })).toBe(0);
  });

  it('the notice says what was pasted, what was kept and the largest code, with thousands separators', () => {
    expect(pasteCutNotice(200_000, 9_994)).toBe(
      'You pasted 200,000 characters: this field keeps 9,994 of them. No QR code holds more than 7,089 characters.',
    );
  });
});
