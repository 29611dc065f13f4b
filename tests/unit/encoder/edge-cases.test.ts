/**
 * Edge cases: empty text, exact capacity of version 40 at each level (checked against uqr and qr, which
 * compute capacities independently), every version boundary (checked against qr), invalid options, errors,
 * plain-data results.
 */
import { encodeQR } from 'qr';
import { encode as uqrEncode } from 'uqr';
import { describe, expect, it } from 'vitest';
import {
  DataTooLongError,
  encodeSegments,
  encodeText,
  getCapacityBits,
  makeAlphanumeric,
  makeBytes,
  makeEci,
  makeKanji,
  makeNumeric,
  makeSegments,
  measureCapacity,
  type Ecl,
  type EncodeOptions,
} from '../../../src/encoder/index.ts';
import { decodeJsqr, decodeZbar, decodeZxing, readFormat, render } from './helpers.ts';

const ECLS: Ecl[] = ['L', 'M', 'Q', 'H'];
const QR_ECC = { L: 'low', M: 'medium', Q: 'quartile', H: 'high' } as const;

/** Characters of a single segment that fit `bits`: the inverse of the segment bit length formulas. */
function maxChars(mode: 'numeric' | 'alphanumeric' | 'byte' | 'kanji', bits: number, version: number): number {
  const cc = (
    {
      numeric: [10, 12, 14],
      alphanumeric: [9, 11, 13],
      byte: [8, 16, 16],
      kanji: [8, 10, 12],
    } as const
  )[mode][version <= 9 ? 0 : version <= 26 ? 1 : 2];
  const free = bits - 4 - cc;
  let n: number;
  if (mode === 'numeric') n = Math.floor(free / 10) * 3 + (free % 10 >= 7 ? 2 : free % 10 >= 4 ? 1 : 0);
  else if (mode === 'alphanumeric') n = Math.floor(free / 11) * 2 + (free % 11 >= 6 ? 1 : 0);
  else if (mode === 'byte') n = Math.floor(free / 8);
  else n = Math.floor(free / 13);
  return Math.min(n, 2 ** cc - 1);
}

function qrVersion(text: string, ecl: Ecl): number | null {
  try {
    return (encodeQR(text, 'raw', { ecc: QR_ECC[ecl], border: 1 }).length - 2 - 17) / 4;
  } catch {
    return null;
  }
}

describe('empty text', () => {
  it('is a valid version-1 symbol with no segments, read back as empty text', async () => {
    expect(makeSegments('')).toEqual([]);
    const m = encodeText('');
    expect(m.version).toBe(1);
    expect(readFormat(m)).toEqual({ ecl: 'M', mask: m.mask });
    const px = render(m, 4);
    // ZXing-C++ reads it (format, version, empty text) but flags empty content as "not valid", error-free.
    expect(await decodeZxing(px, true)).toEqual({ text: '', ecLevel: 'M', mask: m.mask, version: 1 });
    expect(decodeJsqr(px)).toBe('');
    expect(await decodeZbar(px)).toBe('');
    expect(encodeText('', { minVersion: 5, ecl: 'H' }).version).toBe(5);
  });
});

describe('version 40 capacity', () => {
  const fill = { numeric: '7', alphanumeric: 'Q', byte: 'q' } as const;
  for (const ecl of ECLS) {
    for (const mode of ['numeric', 'alphanumeric', 'byte'] as const) {
      it(`${mode} at ${ecl}: the exact capacity fits version 40, one more character throws DataTooLongError`, async () => {
        const cap = getCapacityBits(40, ecl);
        const n = maxChars(mode, cap, 40);
        const fits = fill[mode].repeat(n);
        const m = encodeText(fits, { ecl });
        expect(m.version).toBe(40);
        // Independent implementations agree on the capacity.
        expect(uqrEncode(fits, { ecc: ecl, border: 0 }).version).toBe(40);
        expect(() => uqrEncode(fits + fill[mode], { ecc: ecl, border: 0 })).toThrow();
        expect(qrVersion(fits, ecl)).toBe(40);
        expect(qrVersion(fits + fill[mode], ecl)).toBeNull();
        const err = (() => {
          try {
            encodeText(fits + fill[mode], { ecl });
          } catch (e) {
            return e;
          }
          return null;
        })();
        expect(err).toBeInstanceOf(DataTooLongError);
        expect(err).toBeInstanceOf(Error);
        const e = err as DataTooLongError;
        expect(e.name).toBe('DataTooLongError');
        expect(e.message).toBe('Data too long');
        expect(e.capacityBits).toBe(cap);
        expect(e.maxVersion).toBe(40);
        expect(e.dataBits).toBeGreaterThan(e.capacityBits);
        if (mode === 'byte') expect(e.dataBits).toBe(4 + 16 + (n + 1) * 8);
        // The full symbol decodes.
        if (ecl === 'H') expect((await decodeZxing(render(m, 2)))?.text).toBe(fits);
      });
    }
    it(`kanji at ${ecl}: the exact capacity fits version 40, one more character does not`, async () => {
      const n = maxChars('kanji', getCapacityBits(40, ecl), 40);
      const text = '漢'.repeat(n);
      const m = encodeText(text, { ecl });
      expect(m.version).toBe(40);
      expect(makeSegments(text, { ecl })).toMatchObject([{ mode: 'kanji', numChars: n }]);
      expect(() => encodeText(`${text}漢`, { ecl })).toThrow(DataTooLongError);
      if (ecl === 'L') expect((await decodeZxing(render(m, 2)))?.text).toBe(text);
    });
  }
  it('maxVersion limits the capacity and is reported', () => {
    const n = maxChars('byte', getCapacityBits(10, 'Q'), 10);
    expect(encodeText('z'.repeat(n), { ecl: 'Q', maxVersion: 10 }).version).toBe(10);
    const e = (() => {
      try {
        encodeText('z'.repeat(n + 1), { ecl: 'Q', maxVersion: 10 });
      } catch (x) {
        return x as DataTooLongError;
      }
      throw new Error('no error');
    })();
    expect(e).toBeInstanceOf(DataTooLongError);
    expect(e.maxVersion).toBe(10);
    expect(e.capacityBits).toBe(getCapacityBits(10, 'Q'));
    expect(() => encodeSegments([makeBytes(new Uint8Array(n + 1))], { ecl: 'Q', maxVersion: 10 })).toThrow(
      DataTooLongError,
    );
  });
});

describe('every version boundary', () => {
  for (const ecl of ECLS) {
    it(`level ${ecl}: the largest text of each version stays in it, one more character moves up (as qr does)`, () => {
      for (const [mode, ch] of [
        ['byte', 'k'],
        ['numeric', '5'],
        ['alphanumeric', 'W'],
      ] as const) {
        for (let v = 1; v <= 40; v++) {
          const n = maxChars(mode, getCapacityBits(v, ecl), v);
          const text = ch.repeat(n);
          const m = encodeText(text, { ecl });
          expect(m.version, `${mode} ${ecl} v${v} n=${n}`).toBe(v);
          expect(qrVersion(text, ecl), `qr ${mode} ${ecl} v${v}`).toBe(v);
          const next = text + ch;
          if (v < 40) {
            expect(encodeText(next, { ecl }).version, `${mode} ${ecl} v${v} n=${n + 1}`).toBe(v + 1);
            expect(qrVersion(next, ecl)).toBe(v + 1);
          } else expect(() => encodeText(next, { ecl })).toThrow(DataTooLongError);
          expect(measureCapacity(text, ecl)).toMatchObject({
            version: v,
            capacityBits: getCapacityBits(v, ecl),
            fits: true,
          });
        }
      }
      // ~1–2 s alone (240 encodes with qr, up to version 40); more than the default 5 s on a loaded machine.
    }, 60_000);
  }
});

describe('options', () => {
  const bad: [EncodeOptions, RegExp][] = [
    [{ ecl: 'X' as Ecl }, /ecl/],
    [{ ecl: 'm' as Ecl }, /ecl/],
    [{ minVersion: 0 }, /minVersion/],
    [{ minVersion: 41 }, /minVersion/],
    [{ minVersion: 1.5 }, /minVersion/],
    [{ maxVersion: Number.NaN }, /maxVersion/],
    [{ maxVersion: 0 }, /maxVersion/],
    [{ minVersion: 12, maxVersion: 11 }, /minVersion 12 is greater than maxVersion 11/],
    [{ mask: 8 }, /mask/],
    [{ mask: -2 }, /mask/],
    [{ mask: 2.5 }, /mask/],
    [{ boostEcl: 'yes' as unknown as boolean }, /boostEcl/],
  ];
  for (const [options, message] of bad) {
    it(`rejects ${JSON.stringify(options)} with a RangeError`, () => {
      expect(() => encodeText('x', options)).toThrow(RangeError);
      expect(() => encodeText('x', options)).toThrow(message);
      expect(() => encodeSegments([], options)).toThrow(RangeError);
    });
  }

  it('defaults: level M, smallest version, automatic mask; fixed masks are honoured', () => {
    const m = encodeText('HELLO');
    expect(m.ecl).toBe('M');
    expect(m.version).toBe(1);
    for (let k = 0; k < 8; k++) expect(readFormat(encodeText('HELLO', { mask: k }))).toEqual({ ecl: 'M', mask: k });
    expect(encodeText('HELLO', { mask: -1 }).mask).toBe(m.mask);
  });

  it('boostEcl raises the level only while the data still fits the chosen version', () => {
    const short = encodeText('hi', { ecl: 'L', boostEcl: true });
    expect(short.ecl).toBe('H');
    expect(readFormat(short)?.ecl).toBe('H');
    const n = maxChars('byte', getCapacityBits(5, 'M'), 5);
    const full = encodeText('y'.repeat(n), { ecl: 'L', boostEcl: true });
    expect(full.version).toBe(encodeText('y'.repeat(n), { ecl: 'L' }).version);
    expect(getCapacityBits(full.version, full.ecl)).toBeGreaterThanOrEqual(4 + 8 + n * 8);
    expect(encodeText('hi', { ecl: 'L' }).ecl).toBe('L');
  });

  it('minVersion and maxVersion bound the version', () => {
    expect(encodeText('a', { minVersion: 17 }).version).toBe(17);
    expect(encodeText('a'.repeat(100), { minVersion: 2, maxVersion: 40 }).version).toBe(
      encodeText('a'.repeat(100)).version,
    );
  });
});

describe('segments', () => {
  it('constructors reject content outside their mode', () => {
    expect(() => makeNumeric('12a')).toThrow(RangeError);
    expect(() => makeAlphanumeric('abc')).toThrow(RangeError);
    expect(() => makeKanji('abc')).toThrow(RangeError);
    expect(() => makeEci(-1)).toThrow(RangeError);
    expect(() => makeEci(1_000_000)).toThrow(RangeError);
    expect(() => makeBytes([256])).toThrow(RangeError);
  });

  it('mixes modes to minimise bits', () => {
    const segs = makeSegments('https://example.com/ABCDEFGH/0123456789012345678901234567890');
    expect(segs.map((s) => s.mode)).toContain('numeric');
    const single = makeSegments('0123456789');
    expect(single).toMatchObject([{ mode: 'numeric', numChars: 10, bitLength: 34 }]);
  });

  it('an ECI segment encodes 1, 2 or 3 byte designators', () => {
    expect(makeEci(26).bitLength).toBe(8);
    expect(makeEci(200).bitLength).toBe(16);
    expect(makeEci(20000).bitLength).toBe(24);
  });
});

describe('results are plain data', () => {
  it('survive structuredClone unchanged (they cross a worker boundary)', () => {
    const m = encodeText('structured clone', { ecl: 'Q' });
    const copy = structuredClone(m);
    expect(copy).toEqual(m);
    expect(Object.getPrototypeOf(m)).toBe(Object.prototype);
    expect(copy.modules).toBeInstanceOf(Uint8Array);
    expect(m.modules.length).toBe(m.size * m.size);
    expect(m.modules.every((b) => b === 0 || b === 1)).toBe(true);
    const segs = makeSegments('abc123');
    expect(structuredClone(segs)).toEqual(segs);
  });

  it('returns independent module arrays for successive calls', () => {
    const a = encodeText('first');
    const snapshot = a.modules.slice();
    encodeText('second, longer text that overwrites internal buffers');
    expect(a.modules).toEqual(snapshot);
  });
});
