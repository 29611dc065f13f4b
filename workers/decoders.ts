/**
 * The three QR readers, none written here: ZXing-C++ (zxing-wasm), zbar (@undecaf/zbar-wasm) and jsQR. The scan
 * check (scan.worker.ts) and the scan-safety harness (tests/browser/scan-safety) read with these same functions.
 * Their .wasm files come from our own bundle (`?url`), never a CDN, and load on the first read.
 */
import { getDefaultScanner, scanImageData, setModuleArgs, ZBarConfigType, ZBarSymbolType } from '@undecaf/zbar-wasm';
import zbarWasmUrl from '@undecaf/zbar-wasm/dist/zbar.wasm?url';
import jsQR from 'jsqr';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { SCAN_READERS, type ScanReader } from './contract.ts';

export const DECODERS = SCAN_READERS;
export type DecoderName = ScanReader;

let prepared: Promise<void> | undefined;
function prepare(): Promise<void> {
  prepared ??= (async () => {
    // Loaded now rather than at the first read, so that a reader that cannot load fails the check as unavailable
    // instead of reading as "could not read the code".
    const zxingReady = prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingWasmUrl : prefix + path),
      },
      fireImmediately: true,
    });
    setModuleArgs({
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zbarWasmUrl : prefix + path),
    });
    // Text mode (zbar's own charset handling), as zbarimg prints by default.
    const scanner = await getDefaultScanner();
    scanner.setConfig(ZBarSymbolType.ZBAR_NONE, ZBarConfigType.ZBAR_CFG_BINARY, 0);
    await zxingReady;
  })();
  // A failed load is tried again by the next read rather than remembered.
  prepared.catch(() => (prepared = undefined));
  return prepared;
}

async function zxing(img: ImageData): Promise<string | null> {
  // ZXing's defaults (tryHarder, tryRotate), as a phone app built on ZXing-C++ reads a frame.
  const results = await readBarcodes(img, { formats: ['QRCode'], maxNumberOfSymbols: 1 });
  return results.find((r) => r.isValid)?.text ?? null;
}

async function zbar(img: ImageData): Promise<string | null> {
  const symbols = await scanImageData(img);
  const qr = symbols.find((s) => s.typeName === 'ZBAR_QRCODE');
  return qr ? qr.decode() : null;
}

function jsqr(img: ImageData): string | null {
  // Dark on light only: our codes are never inverted, and trying both doubles its time.
  return jsQR(img.data, img.width, img.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** What each reader read (null: nothing, or it threw). Rejects only when the decoders cannot be loaded. */
export async function readWithAll(img: ImageData): Promise<Record<DecoderName, string | null>> {
  await prepare();
  const safe = async (f: () => Promise<string | null> | string | null) => {
    try {
      return await f();
    } catch {
      return null;
    }
  };
  return {
    zxing: await safe(() => zxing(img)),
    zbar: await safe(() => zbar(img)),
    jsqr: await safe(() => jsqr(img)),
  };
}
