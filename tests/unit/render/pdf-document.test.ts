/**
 * What the PDF keeps where jsPDF alone would not (src/render/pdfDocument.ts): titles that a reader following the
 * PDF specification (qpdf) reads back as poppler does, and a JPEG logo embedded as it is whatever the order of its
 * header segments (jsPDF's own JPEG reader takes a Huffman table written before the frame header for it).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { expect, test } from 'vitest';
import { encodeText } from '../../../src/encoder/index.ts';
import { jpegInfo, sceneToPdf } from '../../../src/render/pdf.ts';
import { buildScene, logoRect } from '../../../src/render/scene.ts';
import type { QrStyle } from '../../../src/shared/qr/vocabulary.ts';
import { qpdfCheckFile } from '../../helpers/qpdfCheck.ts';
import { readBoth } from '../../helpers/decoders.ts';
import { pdfImageList, rasterisePdfRgb } from '../../helpers/rasterise.ts';

const CONTENT = 'https://qrcraft.app/pdf/7Xk2';
const STYLE: QrStyle = { shape: 'dots', frame: 'none', fg: '#000000', bg: '#FFFFFF', frameText: '', logoId: null };

/** A string as qpdf prints it: `<hex>` (UTF-16BE after a byte-order mark) or a literal with `\` escapes. */
function qpdfString(s: string): string {
  if (s.startsWith('(')) return s.slice(1, -1).replace(/\\(.)/g, '$1');
  const bytes = Buffer.from(s.slice(1, -1), 'hex');
  if (bytes[0] !== 0xfe || bytes[1] !== 0xff) return bytes.toString('latin1');
  return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
}

test.each([
  // UTF-16 code units with a CR byte (U+010D, U+4E0D) and a no-break space (PDFDocEncoding has € at 0xA0).
  'QR code: Text č 不 x',
  'QR code: Text Café\u00a0menu',
  'QR code: URL https://qrcraft.app/(a)\\b',
])('the title %j reads back the same in pdfinfo and qpdf', async (title) => {
  const scene = buildScene(encodeText(CONTENT, { ecl: 'M' }), STYLE, null, 480);
  const dir = mkdtempSync(join(tmpdir(), 'qrcraft-title-'));
  try {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, await sceneToPdf(scene, { title, logo: null }));
    qpdfCheckFile(file);
    const info = execFileSync('pdfinfo', ['-enc', 'UTF-8', file], { encoding: 'utf8' });
    expect(/^Title:\s+(.*)$/m.exec(info)?.[1]).toBe(title);
    // qpdf prints the information dictionary as it parsed it: a literal string, or hex for other bytes.
    const infoRef = /\/Info (\d+) 0 R/.exec(
      execFileSync('qpdf', ['--show-object=trailer', file], { encoding: 'utf8' }),
    );
    const dict = execFileSync('qpdf', [`--show-object=${infoRef![1]}`, file], { encoding: 'utf8' });
    expect(qpdfString(/\/Title (<[0-9a-f]*>|\((?:\\.|[^\\)])*\))/i.exec(dict)![1]!)).toBe(title);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A 64 × 32 JPEG, left half red, right half dark teal. */
function jpeg(): Uint8Array {
  const canvas = createCanvas(64, 32);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#FF0000';
  ctx.fillRect(0, 0, 32, 32);
  ctx.fillStyle = '#006070';
  ctx.fillRect(32, 0, 32, 32);
  return new Uint8Array(canvas.encodeSync('jpeg', 95));
}

/** The same JPEG with its Huffman tables (DHT, FFC4) moved before the frame header, which the format allows. */
function huffmanFirst(bytes: Uint8Array): Uint8Array {
  const segments: Uint8Array[] = [];
  let i = 2;
  while (bytes[i + 1] !== 0xda) {
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    segments.push(bytes.subarray(i, i + 2 + length));
    i += 2 + length;
  }
  const dht = segments.filter((s) => s[1] === 0xc4);
  const ordered = [...dht, ...segments.filter((s) => s[1] !== 0xc4)];
  const out = new Uint8Array(bytes.length);
  out.set(bytes.subarray(0, 2));
  let at = 2;
  for (const s of ordered) {
    out.set(s, at);
    at += s.length;
  }
  out.set(bytes.subarray(i), at);
  return out;
}

test.each([
  ['as an encoder writes it', jpeg],
  ['with its Huffman tables first', () => huffmanFirst(jpeg())],
])('a JPEG logo %s is embedded as it is, at its size, and shows its colours', async (_, make) => {
  const bytes = make();
  const info = jpegInfo(bytes)!;
  expect(info).toEqual({ width: 64, height: 32, components: 3 });
  const scene = buildScene(encodeText(CONTENT, { ecl: 'H' }), STYLE, { width: 64, height: 32 }, 480);
  const pdf = await sceneToPdf(scene, { title: 'QR code: URL', logo: { kind: 'jpeg', ...info, bytes } });
  expect(pdfImageList(pdf)).toEqual([{ width: 64, height: 32, color: 'rgb', comps: 3, enc: 'jpeg' }]);
  // The file's bytes are in the PDF unchanged (DCTDecode, not re-encoded).
  expect(Buffer.from(pdf).includes(Buffer.from(bytes))).toBe(true);
  const img = rasterisePdfRgb(pdf, 150);
  const box = logoRect(scene)!;
  const at = (fx: number) => {
    const x = Math.round(((box.x + box.w * fx) * 150) / 72);
    const y = Math.round(((box.y + box.h / 2) * 150) / 72);
    return [...img.data.subarray((y * img.width + x) * 3, (y * img.width + x) * 3 + 3)];
  };
  const [r1, g1, b1] = at(0.25);
  const [r2, g2, b2] = at(0.75);
  expect({ red: r1! > 180 && g1! < 90 && b1! < 90, teal: r2! < 60 && g2! > 50 && b2! > 50 }).toEqual({
    red: true,
    teal: true,
  });
  const gray = { width: img.width, height: img.height, data: new Uint8Array(img.width * img.height) };
  for (let p = 0; p < gray.data.length; p++) gray.data[p] = img.data[p * 3 + 1]!;
  expect(await readBoth(gray)).toEqual({ zxing: CONTENT, zbar: CONTENT });
});
