/**
 * PDF and EPS exports in Node: checked structurally, then rasterised with the Debian tools
 * (pdftoppm from poppler-utils, Ghostscript) and decoded with zxing-wasm (its .wasm read from node_modules).
 */
import { describe, expect, test } from 'vitest';
import { readBarcodes } from 'zxing-wasm/reader';
import { encodeText } from '../../../src/encoder/index.ts';
import { psString, sceneToEps } from '../../../src/render/eps.ts';
import { sceneToPdf } from '../../../src/render/pdf.ts';
import { buildScene } from '../../../src/render/scene.ts';
import type { ContentKind, Ecl, Frame, QrStyle, Shape } from '../../../src/shared/qr/vocabulary.ts';
import { exportTitle } from '../../../workers/service/exports.ts';
import { loadZxing } from '../../helpers/decoders.ts';
import { pdfOperators, rasteriseToPng } from '../../helpers/rasterise.ts';

async function decodePng(png: Uint8Array): Promise<string | null> {
  await loadZxing();
  const results = await readBarcodes(png, {
    formats: ['QRCode'],
    tryHarder: true,
    maxNumberOfSymbols: 1,
  });
  return results.find((r) => r.isValid)?.text ?? null;
}

/** Solid RGB pixels, for the logo. */
function solid(w: number, h: number, rgb: [number, number, number]): Uint8Array {
  const out = new Uint8Array(w * h * 3);
  for (let i = 0; i < w * h; i++) out.set(rgb, i * 3);
  return out;
}

const LONG = 'https://qrcraft.app/d?p=' + 'Zk3-q_Wm8'.repeat(110);
const CASES: [Shape, Frame, Ecl, string, boolean, ContentKind][] = [
  ['square', 'none', 'L', 'https://qrcraft.app/s/7Xk2', false, 'url'],
  ['dots', 'banner', 'H', 'https://qrcraft.app/s/7Xk2', true, 'url'],
  [
    'rounded',
    'circular',
    'Q',
    'BEGIN:VCARD\nVERSION:3.0\nFN:Ana Souza\nTEL:+55 11 5555 0100\nEND:VCARD',
    true,
    'vcard',
  ],
  ['extraRounded', 'badge', 'M', 'WIFI:T:WPA;S:Café Ñandú;P:pa(ss)\\word;;', false, 'wifi'],
  ['classy', 'topText', 'H', LONG, true, 'url'],
  ['classyRounded', 'rounded', 'M', LONG, false, 'url'],
];

describe.each(CASES)('%s / %s / %s', (shape, frame, ecl, content, withLogo, kind) => {
  const style: QrStyle = {
    shape,
    frame,
    fg: '#1A2BB2',
    bg: '#FFFFFF',
    frameText: frame === 'badge' ? 'Wi-Fi (gäste)' : '',
    logoId: withLogo ? 'l' : null,
  };
  const matrix = encodeText(content, { ecl });
  const scene = buildScene(matrix, style, withLogo ? { width: 8, height: 8 } : null, 480);

  test('PDF: one page sized to the artwork, title, vector paths; pdftoppm + zxing read it back', async () => {
    const bytes = Buffer.from(
      await sceneToPdf(scene, {
        title: exportTitle(kind, content),
        logo: withLogo ? { kind: 'pixels', width: 8, height: 8, rgb: solid(8, 8, [225, 29, 72]) } : null,
      }),
    );
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    // jsPDF writes whole numbers with a trailing point (`480.`), which PDF reads as the same number.
    expect(/\/MediaBox \[([^\]]*)\]/.exec(text)?.[1]?.trim().split(/\s+/).map(Number)).toEqual([0, 0, 480, 480]);
    // No print setup: no trim or bleed boxes.
    expect(text).not.toContain('/TrimBox');
    expect(text).toContain(`/Title (${exportTitle(kind, content).slice(0, 20)}`);
    const ops = pdfOperators(bytes);
    // Vector: the symbol's path (runs, contours or round modules placed by relative moves: the form's name is
    // jsPDF's), filled; the image only with a logo.
    const placed = /\n1 0 0 1 -?\d+ -?\d+ cm \/\w+ Do\n/;
    const moduleOps = { square: / re\n/, dots: placed, extraRounded: placed } as Record<string, RegExp>;
    expect(ops).toMatch(moduleOps[shape] ?? / c\n/);
    expect(ops).toMatch(/\nf\n/);
    expect(/\/Subtype \/Image/.test(text)).toBe(withLogo && scene.model.logo !== null);
    expect(await decodePng(await rasteriseToPng('pdf', bytes, 300))).toBe(content);
  });

  test('EPS: DSC header, BoundingBox, vector paths; Ghostscript + zxing read it back', async () => {
    const eps = sceneToEps(scene, {
      title: exportTitle(kind, content),
      logo: withLogo
        ? { width: 2, height: 2, rgb: new Uint8Array([225, 29, 72, 225, 29, 72, 225, 29, 72, 225, 29, 72]) }
        : null,
      date: new Date('2026-01-01T00:00:00Z'),
    });
    const lines = eps.split('\n');
    expect(lines[0]).toBe('%!PS-Adobe-3.0 EPSF-3.0');
    expect(lines).toContain('%%BoundingBox: 0 0 480 480');
    expect(lines).toContain('%%EndComments');
    expect(lines.some((l) => l.startsWith('%%Title: QR code'))).toBe(true);
    expect(eps.trimEnd().endsWith('%%EOF')).toBe(true);
    // Modules as procedure calls (the prolog defines them), eyes as paths, one fill.
    expect(eps).toContain('%%BeginProlog');
    expect(eps).toMatch(/ moveto /);
    expect(eps).toMatch(/(fill|stroke)\ngrestore/);
    expect(eps.includes('colorimage')).toBe(withLogo && scene.model.logo !== null);
    expect(await decodePng(await rasteriseToPng('eps', eps, 300))).toBe(content);
  });
});

test('PostScript strings: escapes, Latin-1 as octal, others replaced', () => {
  expect(psString('a(b)c\\')).toBe('(a\\(b\\)c\\\\)');
  expect(psString('Café')).toBe('(Caf\\351)');
  expect(psString('→')).toBe('(?)');
});

describe('export titles', () => {
  test('name the payload type; a URL or text title adds its first line, cut at 60 characters', () => {
    expect(exportTitle('url', ' https://qrcraft.app/s/7Xk2 ')).toBe('QR code: URL https://qrcraft.app/s/7Xk2');
    expect(exportTitle('text', 'first line\r\nsecond')).toBe('QR code: Text first line');
    expect(exportTitle('text', 'x'.repeat(61))).toBe(`QR code: Text ${'x'.repeat(57)}...`);
    expect(exportTitle('text', 'x'.repeat(60))).toBe(`QR code: Text ${'x'.repeat(60)}`);
    // The type, not the text: a text that looks like a link is still text.
    expect(exportTitle('text', 'https://looks.like/a-link')).toBe('QR code: Text https://looks.like/a-link');
    expect(exportTitle('vcard', 'BEGIN:VCARD\nFN:Ana\nEND:VCARD')).toBe('QR code: vCard');
    expect(exportTitle('event', 'BEGIN:VEVENT')).toBe('QR code: Event');
    expect(exportTitle('wifi', 'WIFI:T:WPA;S:x;;')).toBe('QR code: Wi-Fi');
    expect(exportTitle('email', 'mailto:a@b.c')).toBe('QR code: Email');
    expect(exportTitle('sms', 'SMSTO:+1:hi')).toBe('QR code: SMS');
  });
});
