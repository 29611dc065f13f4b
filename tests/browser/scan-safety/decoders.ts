/**
 * The three judges, none written here: ZXing-C++ (zxing-wasm), zbar (@undecaf/zbar-wasm) and jsQR. Each gets
 * the same RGBA image and must return the exact content. Their .wasm files come from our own bundle, never a CDN.
 */
import { getDefaultScanner, scanImageData, setModuleArgs, ZBarConfigType, ZBarSymbolType } from '@undecaf/zbar-wasm';
import zbarWasmUrl from '@undecaf/zbar-wasm/dist/zbar.wasm?url';
import jsQR from 'jsqr';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export const DECODERS = ['zxing', 'zbar', 'jsqr'] as const;
export type DecoderName = (typeof DECODERS)[number];

let prepared: Promise<void> | undefined;
function prepare(): Promise<void> {
  prepared ??= (async () => {
    prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingWasmUrl : prefix + path),
      },
    });
    setModuleArgs({
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zbarWasmUrl : prefix + path),
    });
    // Text mode (zbar's own charset handling), as zbarimg prints by default.
    const scanner = await getDefaultScanner();
    scanner.setConfig(ZBarSymbolType.ZBAR_NONE, ZBarConfigType.ZBAR_CFG_BINARY, 0);
  })();
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
  // Dark on light only: the designs under test are never inverted, and trying both doubles its time.
  return jsQR(img.data, img.width, img.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** What each decoder read (null: nothing, or it threw). */
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
