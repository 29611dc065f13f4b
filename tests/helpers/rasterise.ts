/**
 * Rasterises PDF (poppler's pdftoppm) and EPS (Ghostscript) files as a print shop or viewer would: to greyscale or
 * RGB pixels (netpbm) for checks of ink and marks, or to PNG files for a decoder; and reads a PDF's boxes, images
 * and content streams (pdfinfo, pdfimages); every PDF passes `qpdf --check` first. Debian's poppler-utils,
 * ghostscript and qpdf, installed by npm test.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { qpdfCheck, qpdfCheckFile } from './qpdfCheck.ts';

export interface Gray {
  width: number;
  height: number;
  /** One byte per pixel, 0 = black. */
  data: Uint8Array;
}

/** The header of a binary PGM or PPM (magic, width, height, 255; `#` comments allowed) and where data starts. */
function netpbmHeader(bytes: Uint8Array, magic: 'P5' | 'P6'): { width: number; height: number; start: number } {
  const fields: string[] = [];
  let i = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(bytes[i]!))) i++;
    if (bytes[i] === 35) {
      while (bytes[i] !== 10) i++;
      continue;
    }
    let f = '';
    while (!/\s/.test(String.fromCharCode(bytes[i]!))) f += String.fromCharCode(bytes[i++]!);
    fields.push(f);
  }
  if (fields[0] !== magic || fields[3] !== '255') throw new Error(`Not an 8-bit binary ${magic}: ${fields.join(' ')}`);
  return { width: Number(fields[1]), height: Number(fields[2]), start: i + 1 };
}

/** A binary PGM (P5, 8-bit) as written by pdftoppm -gray and Ghostscript's pgmraw. */
export function parsePgm(bytes: Uint8Array): Gray {
  const { width, height, start } = netpbmHeader(bytes, 'P5');
  return { width, height, data: bytes.subarray(start, start + width * height) };
}

export interface Rgb {
  width: number;
  height: number;
  /** Three bytes per pixel. */
  data: Uint8Array;
}

/** A binary PPM (P6, 8-bit) as written by pdftoppm and Ghostscript's ppmraw. */
function parsePpm(bytes: Uint8Array): Rgb {
  const { width, height, start } = netpbmHeader(bytes, 'P6');
  return { width, height, data: bytes.subarray(start, start + width * height * 3) };
}

/** The PDF as a file in `dir`, once qpdf has checked its structure (every PDF the unit tests read goes here). */
export function checkedPdfFile(dir: string, pdf: Uint8Array): string {
  const file = join(dir, 'in.pdf');
  writeFileSync(file, pdf);
  qpdfCheckFile(file);
  return file;
}

/** The page in colour (pdftoppm's own CMYK to RGB conversion), for checks of ink colours. */
export function rasterisePdfRgb(pdf: Uint8Array, dpi: number): Rgb {
  return withDir((dir) => {
    checkedPdfFile(dir, pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-singlefile', join(dir, 'in.pdf'), join(dir, 'out')]);
    return parsePpm(new Uint8Array(readFileSync(join(dir, 'out.ppm'))));
  });
}

/** The EPS in colour (Ghostscript's CMYK to RGB conversion). */
export function rasteriseEpsRgb(eps: string, dpi: number): Rgb {
  return parsePpm(ghostscript(eps, dpi, 'ppmraw', false));
}

export interface PdfImage {
  width: number;
  height: number;
  color: string;
  comps: number;
  /** How it is stored: `jpeg` (DCTDecode), `image` (Flate) … */
  enc: string;
}

/** `pdfimages -list`: each image's size, colour space, number of components and encoding. */
export function pdfImageList(pdf: Uint8Array): PdfImage[] {
  return withDir((dir) => {
    checkedPdfFile(dir, pdf);
    const out = execFileSync('pdfimages', ['-list', join(dir, 'in.pdf')], { encoding: 'utf8' });
    // Columns: page num type width height color comp bpc enc …; two header lines.
    return out
      .trim()
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .map((f) => ({ width: Number(f[3]), height: Number(f[4]), color: f[5]!, comps: Number(f[6]), enc: f[8]! }));
  });
}

/** `pdfimages -list`: each image's colour space and number of components. */
export function pdfImages(pdf: Uint8Array): { color: string; comps: number }[] {
  return pdfImageList(pdf).map(({ color, comps }) => ({ color, comps }));
}

function withDir<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'qrcraft-raster-'));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function rasterisePdf(pdf: Uint8Array, dpi: number): Gray {
  return withDir((dir) => {
    checkedPdfFile(dir, pdf);
    execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-singlefile', join(dir, 'in.pdf'), join(dir, 'out')]);
    return parsePgm(new Uint8Array(readFileSync(join(dir, 'out.pgm'))));
  });
}

/** The EPS as placed in a layout (-dEPSCrop: the page is its BoundingBox), as a PGM or PPM file's bytes. */
function ghostscript(eps: string, dpi: number, device: 'pgmraw' | 'ppmraw', antialias: boolean): Uint8Array {
  return withDir((dir) => {
    writeFileSync(join(dir, 'in.eps'), eps, 'latin1');
    execFileSync('gs', [
      '-q',
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-dEPSCrop',
      ...(antialias ? ['-dGraphicsAlphaBits=4', '-dTextAlphaBits=4'] : []),
      `-sDEVICE=${device}`,
      `-r${dpi}`,
      `-sOutputFile=${join(dir, 'out')}`,
      join(dir, 'in.eps'),
    ]);
    return new Uint8Array(readFileSync(join(dir, 'out')));
  });
}

export function rasteriseEps(eps: string, dpi: number): Gray {
  return parsePgm(ghostscript(eps, dpi, 'pgmraw', true));
}

/** `pdfinfo -box` as name → numbers ("Page size" in pt, and each box's four coordinates). */
export function pdfInfoBoxes(pdf: Uint8Array): Record<string, number[]> {
  return withDir((dir) => {
    checkedPdfFile(dir, pdf);
    const out = execFileSync('pdfinfo', ['-box', join(dir, 'in.pdf')], { encoding: 'utf8' });
    const boxes: Record<string, number[]> = {};
    for (const line of out.split('\n')) {
      const m = /^(Page size|MediaBox|CropBox|BleedBox|TrimBox|ArtBox):\s+(.*)$/.exec(line);
      if (m) boxes[m[1]!] = (m[2]!.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    }
    return boxes;
  });
}

/** Every stream of a PDF that inflates, concatenated (content streams and forms). */
export function pdfOperators(pdf: Uint8Array): string {
  qpdfCheck(pdf);
  const buf = Buffer.from(pdf);
  const s = buf.toString('latin1');
  let out = '';
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const start = m.index + m[0].length;
    try {
      out += inflateSync(buf.subarray(start, s.indexOf('endstream', start))).toString('latin1') + '\n';
    } catch {
      // Not deflated (a JPEG logo).
    }
  }
  return out;
}

const run = promisify(execFile);

/**
 * A PDF's first page (pdftoppm) or an EPS as placed in a layout (Ghostscript, -dEPSCrop: the page is its
 * BoundingBox) as a PNG at `dpi`, in colour. `antialias`: Ghostscript's text and graphics anti-aliasing, as
 * viewers show an EPS (pdftoppm always anti-aliases). An EPS given as a string is written as Latin-1.
 */
export async function rasteriseToPng(
  format: 'pdf' | 'eps',
  file: Uint8Array | string,
  dpi: number,
  { antialias = false }: { antialias?: boolean } = {},
): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'qrcraft-raster-'));
  try {
    const input = join(dir, `in.${format}`);
    writeFileSync(input, file, typeof file === 'string' ? 'latin1' : undefined);
    // Every PDF a test rasterises passes qpdf's structural check first.
    if (format === 'pdf') qpdfCheckFile(input);
    const output = join(dir, 'out.png');
    if (format === 'pdf') await run('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', input, join(dir, 'out')]);
    else {
      await run('gs', [
        '-q',
        '-dSAFER',
        '-dBATCH',
        '-dNOPAUSE',
        '-dEPSCrop',
        ...(antialias ? ['-dTextAlphaBits=4', '-dGraphicsAlphaBits=4'] : []),
        '-sDEVICE=png16m',
        `-r${dpi}`,
        `-sOutputFile=${output}`,
        input,
      ]);
    }
    if (!existsSync(output)) throw new Error(`${format === 'pdf' ? 'pdftoppm' : 'Ghostscript'} wrote no image`);
    return new Uint8Array(readFileSync(output));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
