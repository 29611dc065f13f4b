/**
 * Test helpers for the encoder: rendering a matrix to pixels, and three independent decoders (ZXing-C++ via
 * zxing-wasm, jsQR, zbar via @undecaf/zbar-wasm, loaded by tests/helpers/decoders.ts) with the encoder's options.
 */
import { scanGrayBuffer } from '@undecaf/zbar-wasm';
import jsQR from 'jsqr';
import { readBarcodes } from 'zxing-wasm/reader';
import type { QrMatrix } from '../../../src/encoder/index.ts';
import { loadZxing, zbarTextScanner } from '../../helpers/decoders.ts';

export interface Pixels {
  /** RGBA, 4 bytes per pixel. */
  rgba: Uint8ClampedArray;
  /** One byte per pixel (0 = black, 255 = white). */
  gray: Uint8Array;
  width: number;
}

/** Renders dark modules black on white with a 4-module quiet zone, `scale` px per module. */
export function render(m: Pick<QrMatrix, 'size' | 'modules'>, scale: number): Pixels {
  const quiet = 4;
  const width = (m.size + 2 * quiet) * scale;
  const gray = new Uint8Array(width * width).fill(255);
  for (let y = 0; y < m.size; y++) {
    for (let x = 0; x < m.size; x++) {
      if (m.modules[y * m.size + x] !== 1) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = ((y + quiet) * scale + dy) * width + (x + quiet) * scale;
        gray.fill(0, row, row + scale);
      }
    }
  }
  const rgba = new Uint8ClampedArray(width * width * 4);
  for (const [i, v] of gray.entries()) {
    rgba[i * 4] = v;
    rgba[i * 4 + 1] = v;
    rgba[i * 4 + 2] = v;
    rgba[i * 4 + 3] = 255;
  }
  return { rgba, gray, width };
}

export interface ZxingRead {
  text: string;
  ecLevel: string;
  mask: number;
  version: number;
}

/**
 * Decodes with ZXing-C++; null when nothing is found. `acceptEmpty`: ZXing-C++ flags a symbol without
 * content as not valid (with no error); accept it when its error message is empty.
 */
export async function decodeZxing(p: Pixels, acceptEmpty = false): Promise<ZxingRead | null> {
  await loadZxing();
  const image = { data: p.rgba, width: p.width, height: p.width, colorSpace: 'srgb' } as unknown as Parameters<
    typeof readBarcodes
  >[0];
  const results = await readBarcodes(image, {
    formats: ['QRCode'],
    tryHarder: false,
    isPure: true,
    tryRotate: false,
    tryInvert: false,
    tryDownscale: false,
    returnErrors: acceptEmpty,
  });
  const r = results[0];
  if (r === undefined) return null;
  if (!r.isValid && !(acceptEmpty && r.text === '' && r.error === '')) return null;
  const extra = JSON.parse(r.extra || '{}') as { DataMask?: number; ECLevel?: string; Version?: string };
  return {
    text: r.text,
    ecLevel: extra.ECLevel ?? r.ecLevel,
    mask: Number(extra.DataMask ?? -1),
    version: Number(extra.Version ?? r.version),
  };
}

/** Decodes with jsQR; null when nothing is found. */
export function decodeJsqr(p: Pixels): string | null {
  const r = jsQR(p.rgba, p.width, p.width, { inversionAttempts: 'dontInvert' });
  return r === null ? null : r.data;
}

/** Decodes with zbar in text mode (its own charset handling, as zbarimg does); null when nothing is found. */
export async function decodeZbar(p: Pixels): Promise<string | null> {
  const symbols = await scanGrayBuffer(p.gray.buffer as ArrayBuffer, p.width, p.width, await zbarTextScanner());
  const [symbol] = symbols;
  return symbol === undefined ? null : symbol.decode();
}

/**
 * Reads both copies of the format information straight from the matrix (§7.9.1) and returns the level and
 * mask they carry, or null when the copies disagree or are not a valid BCH codeword.
 */
export function readFormat(m: QrMatrix): { ecl: string; mask: number } | null {
  const at = (x: number, y: number) => m.modules[y * m.size + x]!; // x, y in [0, size)
  let a = 0;
  let b = 0;
  const first: [number, number][] = [];
  for (let i = 0; i <= 5; i++) first.push([8, i]);
  first.push([8, 7], [8, 8], [7, 8]);
  for (let i = 9; i < 15; i++) first.push([14 - i, 8]);
  const second: [number, number][] = [];
  for (let i = 0; i < 8; i++) second.push([m.size - 1 - i, 8]);
  for (let i = 8; i < 15; i++) second.push([8, m.size - 15 + i]);
  for (const [i, [x, y]] of first.entries()) a |= at(x, y) << i;
  for (const [i, [x, y]] of second.entries()) b |= at(x, y) << i;
  if (a !== b) return null;
  const bits = a ^ 0x5412;
  // BCH(15,5) check: the 10 low bits are the remainder of data · x^10 by 0x537.
  const data = bits >>> 10;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  if ((bits & 0x3ff) !== (rem & 0x3ff)) return null;
  return { ecl: ['M', 'L', 'H', 'Q'][data >>> 3]!, mask: data & 7 }; // data: 5 bits, so data >>> 3 in [0, 3]
}
