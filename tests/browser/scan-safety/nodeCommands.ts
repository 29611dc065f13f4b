/**
 * The page side of the harness's Node commands (tests/scan-safety/commands.ts, registered in the Vitest
 * config): rasterising PDF/EPS with pdftoppm and Ghostscript, and writing the report. The shapes are repeated
 * here because the browser project cannot import Node modules, even for types.
 */
import { commands } from 'vitest/browser';

interface Rasterised {
  dpi: number;
  /** PNG, base64. */
  png: string;
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    rasterise: (args: { format: 'pdf' | 'eps'; base64: string; dpis: number[] }) => Promise<Rasterised[]>;
    writeScanSafetyReport: (files: { name: string; json: string; md: string }) => Promise<void>;
  }
}

async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let s = '';
  // Chunked: String.fromCharCode with a whole export as arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function base64ToBlob(b64: string, type: string): Blob {
  const s = atob(b64);
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** The export rasterised at each resolution, as PNG blobs. */
export async function rasteriseOnHost(
  format: 'pdf' | 'eps',
  file: Blob,
  dpis: readonly number[],
): Promise<{ dpi: number; png: Blob }[]> {
  const out = await commands.rasterise({ format, base64: await blobToBase64(file), dpis: [...dpis] });
  return out.map((r) => ({ dpi: r.dpi, png: base64ToBlob(r.png, 'image/png') }));
}

export function writeReport(name: string, json: string, md: string): Promise<void> {
  return commands.writeScanSafetyReport({ name, json, md });
}
