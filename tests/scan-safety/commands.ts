/**
 * Node-side commands for the scan-safety harness (Vitest browser commands): the page sends a PDF or EPS export
 * and gets it back rasterised by the Debian tools a print shop or viewer would use (poppler's pdftoppm,
 * Ghostscript), and hands over its report to be written under bench-results/.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { BrowserCommand } from 'vitest/node';
import { rasteriseToPng } from '../helpers/rasterise.ts';

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

const rasterise: BrowserCommand<[RasteriseArgs]> = async (_ctx, { format, base64, dpis }) => {
  const file = Buffer.from(base64, 'base64');
  const out: Rasterised[] = [];
  for (const dpi of dpis) {
    let png: Uint8Array;
    try {
      // Anti-aliasing on, as viewers show an EPS.
      png = await rasteriseToPng(format, file, dpi, { antialias: true });
    } catch (e) {
      throw new RasteriseError(format, dpi, e);
    }
    out.push({ dpi, png: Buffer.from(png).toString('base64') });
  }
  return out;
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
