// The advice for content that does not fit, checked against the encoder's own capacities: every figure expected
// here is computed from src/encoder (getCapacityBits, the DataTooLongError it throws), none is typed in.
import { describe, expect, it } from 'vitest';
import { DataTooLongError, encodeText, getCapacityBits } from '../../../src/encoder/index.ts';
import { fromWire, toWireError } from '../../../src/shared/qr/errors.ts';
import { bytesHeld, bytesOver, tooLongAdvice } from '../../../src/shared/qr/tooLongAdvice.ts';
import { ECLS, type Ecl } from '../../../src/shared/qr/vocabulary.ts';

function tooLong(text: string, ecl: Ecl): DataTooLongError {
  try {
    encodeText(text, { ecl });
  } catch (e) {
    if (e instanceof DataTooLongError) return e;
    throw e;
  }
  throw new Error(`${text.length} characters fit at ${ecl}`);
}

const fits = (text: string, ecl: Ecl) => {
  try {
    encodeText(text, { ecl });
    return true;
  } catch (e) {
    if (e instanceof DataTooLongError) return false;
    throw e;
  }
};

/** Bytes of UTF-8 text that fill version 40 at `ecl` exactly (ASCII 'é'-free text in one byte segment). */
const heldAt = (ecl: Ecl) => bytesHeld(getCapacityBits(40, ecl));
const lowerCase = (n: number) => 'x'.repeat(n);

describe('tooLongAdvice (against the encoder)', () => {
  it('names what the largest code holds at each level, as the encoder counts it', () => {
    for (const ecl of ECLS) {
      // Lower-case letters are byte mode: the largest code holds exactly `heldAt(ecl)` of them, one more does not fit.
      expect(fits(lowerCase(heldAt(ecl)), ecl)).toBe(true);
      const error = tooLong(lowerCase(heldAt(ecl) + 1), ecl);
      expect(error.levelCapacityBits[ecl]).toBe(getCapacityBits(40, ecl));
      expect(error.advice).toContain(`holds about ${heldAt(ecl).toLocaleString('en-US')} bytes at this level`);
      expect(error.advice).toContain(`at error level ${ecl}:`);
    }
  });

  it('says how many bytes to cut, and cutting that many makes it fit at the same level', () => {
    for (const ecl of ECLS) {
      for (const extra of [1, 2, 57, 1000]) {
        const text = lowerCase(heldAt(ecl) + extra);
        const error = tooLong(text, ecl);
        const cut = bytesOver(error.dataBits, error.capacityBits);
        expect(error.advice).toContain(`Cut about ${cut.toLocaleString('en-US')} byte${cut === 1 ? '' : 's'}`);
        expect(fits(text.slice(cut), ecl)).toBe(true);
        // No fewer bytes would do (the figure is not padded).
        expect(fits(text.slice(cut - 1), ecl)).toBe(false);
      }
    }
  });

  it('offers a lower level only when that level holds the content as it is', () => {
    for (const ecl of ['M', 'Q', 'H'] as const) {
      const lower = ECLS[ECLS.indexOf(ecl) - 1] as Ecl;
      // Just over this level, and within the next lower one.
      const near = tooLong(lowerCase(heldAt(ecl) + 1), ecl);
      expect(fits(lowerCase(heldAt(ecl) + 1), lower)).toBe(true);
      expect(near.advice).toContain(`or choose error level ${lower}, which holds it as it is.`);
      expect(near.advice).not.toContain('dynamic code');
    }
    // Over level L's capacity: no level helps, so none is offered; the link is.
    for (const ecl of ECLS) {
      const text = lowerCase(heldAt('L') + 1);
      for (const level of ECLS) expect(fits(text, level)).toBe(false);
      const far = tooLong(text, ecl);
      expect(far.advice).not.toMatch(/choose error level/);
      expect(far.advice).toContain('a dynamic code (signed in) points to a page of any length');
    }
  });

  it('gives the issue’s case (57,669 bytes over at level M) the true figures, without level L', () => {
    const text = 'Grüße 東京 '.repeat(4000);
    const error = tooLong(text, 'M');
    const over = bytesOver(error.dataBits, getCapacityBits(40, 'M'));
    expect(error.advice).toBe(
      `Too long for a QR code by about ${over.toLocaleString('en-US')} bytes at error level M: the largest code ` +
        `(version 40) holds about ${heldAt('M').toLocaleString('en-US')} bytes at this level. Cut about ` +
        `${over.toLocaleString('en-US')} bytes. For long text or a file, put it on a web page and encode its link: ` +
        'a dynamic code (signed in) points to a page of any length.',
    );
  });

  it('is the same words after crossing the worker boundary, and from the figures alone', () => {
    const error = tooLong(lowerCase(heldAt('Q') + 5), 'Q');
    const again = fromWire(toWireError(error));
    expect(again).toBeInstanceOf(DataTooLongError);
    expect((again as DataTooLongError).advice).toBe(error.advice);
    expect(tooLongAdvice(error)).toBe(error.advice);
  });
});
