/**
 * Decoders nobody here wrote, for tests that run in Node: ZXing-C++ (zxing-wasm) and zbar (@undecaf/zbar-wasm),
 * each loaded once per test file from node_modules, never from a CDN. Browser tests use page-decode.ts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ZBarConfigType, ZBarScanner, ZBarSymbolType, scanGrayBuffer } from '@undecaf/zbar-wasm';
import jsQR from 'jsqr';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { Gray } from './rasterise.ts';

let zxingReady: Promise<unknown> | undefined;

/** Loads the zxing-wasm reader; readBarcodes may be called once this resolves. */
export function loadZxing(): Promise<unknown> {
  if (zxingReady === undefined) {
    const path = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const bytes = readFileSync(path);
    zxingReady = prepareZXingModule({
      overrides: {
        // Both point at the local file: locateFile for the loader, wasmBinary because Node's fetch cannot read
        // file paths.
        locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? path : prefix + file),
        wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      },
      fireImmediately: true,
    });
  }
  return zxingReady;
}

let zbarScanner: Promise<ZBarScanner> | undefined;

/** A zbar scanner in text mode (its own charset handling, as zbarimg prints), made once. */
export function zbarTextScanner(): Promise<ZBarScanner> {
  zbarScanner ??= ZBarScanner.create().then((s) => {
    s.setConfig(ZBarSymbolType.ZBAR_NONE, ZBarConfigType.ZBAR_CFG_BINARY, 0);
    return s;
  });
  return zbarScanner;
}

/** The grey image as opaque RGBA, the input ZXing's ImageData path and jsQR take. */
function grayToRgba(img: Gray): Uint8ClampedArray<ArrayBuffer> {
  const rgba = new Uint8ClampedArray(img.width * img.height * 4);
  for (let i = 0; i < img.width * img.height; i++) {
    const v = img.data[i]!;
    rgba[i * 4] = v;
    rgba[i * 4 + 1] = v;
    rgba[i * 4 + 2] = v;
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}

/** What jsQR reads from a rasterised page, dark on light only (null: nothing). */
export function readJsqr(img: Gray): string | null {
  return jsQR(grayToRgba(img), img.width, img.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** What ZXing-C++ and zbar read from a rasterised page (null: nothing). */
export async function readBoth(img: Gray): Promise<{ zxing: string | null; zbar: string | null }> {
  await loadZxing();
  const z = await readBarcodes(
    // ImageData's fields: the DOM's type is not in the server tests' library.
    { data: grayToRgba(img), width: img.width, height: img.height, colorSpace: 'srgb' } as unknown as Parameters<
      typeof readBarcodes
    >[0],
    {
      formats: ['QRCode'],
      tryHarder: true,
      maxNumberOfSymbols: 1,
    },
  );
  const gray = new Uint8Array(img.data);
  const symbols = await scanGrayBuffer(gray.buffer, img.width, img.height, await zbarTextScanner());
  return { zxing: z.find((r) => r.isValid)?.text ?? null, zbar: symbols[0]?.decode() ?? null };
}
