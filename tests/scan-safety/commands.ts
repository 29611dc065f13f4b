/**
 * Node-side commands for the scan-safety harness (Vitest browser commands): the page sends a PDF or EPS export
 * and gets it back rasterised by the Debian tools a print shop or viewer would use (poppler's pdftoppm,
 * Ghostscript), and hands over its report to be written under bench-results/.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserCommand } from 'vitest/node';
import { qpdfCheckFile } from '../support/qpdfCheck.ts';

const run = promisify(execFile);

export interface RasteriseArgs {
  format: 'pdf' | 'eps';
  /** The exported file, base64. */
  base64: string;
  dpis: number[];
}

export interface Rasterised {
  dpi: number;
  /** PNG, base64. */
  png: string;
}

/** Thrown when pdftoppm or gs fails on an export: a broken file, not an unreadable code. */
export class RasteriseError extends Error {
  constructor(format: string, dpi: number, cause: unknown) {
    super(`${format} at ${dpi} dpi could not be rasterised: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'RasteriseError';
  }
}

function rasteriseArgs(format: 'pdf' | 'eps', dpi: number, input: string, out: string): [string, string[]] {
  if (format === 'pdf') return ['pdftoppm', ['-r', String(dpi), '-png', '-singlefile', input, out]];
  // -dEPSCrop: the page is the EPS BoundingBox, as placed in a layout program. Anti-aliasing on, as in viewers.
  return [
    'gs',
    [
      '-q',
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-dEPSCrop',
      '-dTextAlphaBits=4',
      '-dGraphicsAlphaBits=4',
      '-sDEVICE=png16m',
      `-r${dpi}`,
      `-sOutputFile=${out}.png`,
      input,
    ],
  ];
}

const rasterise: BrowserCommand<[RasteriseArgs]> = async (_ctx, { format, base64, dpis }) => {
  const dir = await mkdtemp(join(tmpdir(), 'qrcraft-scan-safety-'));
  try {
    const input = join(dir, `export.${format}`);
    await writeFile(input, Buffer.from(base64, 'base64'));
    if (format === 'pdf') qpdfCheckFile(input);
    const out: Rasterised[] = [];
    for (const dpi of dpis) {
      const prefix = join(dir, `r${dpi}`);
      const [cmd, args] = rasteriseArgs(format, dpi, input, prefix);
      try {
        await run(cmd, args);
      } catch (e) {
        throw new RasteriseError(format, dpi, e);
      }
      out.push({ dpi, png: (await readFile(`${prefix}.png`)).toString('base64') });
    }
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

export interface ReportFiles {
  /** File name under bench-results/ without extension. */
  name: string;
  json: string;
  md: string;
}

const writeScanSafetyReport: BrowserCommand<[ReportFiles]> = async (_ctx, { name, json, md }) => {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`Bad report name ${name}`);
  const dir = resolve('bench-results');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${name}.json`), json);
  await writeFile(join(dir, `${name}.md`), md);
};

export const scanSafetyCommands = { rasterise, writeScanSafetyReport };
