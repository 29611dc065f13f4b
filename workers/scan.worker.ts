/// <reference lib="webworker" />
/**
 * The scan check's decoder: zxing-wasm (about 400 KB gzip of wasm, from our own bundle) in a worker of its own.
 * The QR worker starts it for its first scan check, so loading or running the decoder never holds up a preview or
 * an export, and a decoder that fails to load is simply replaced by the next check.
 */
import { expose } from 'comlink';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
});

const api = {
  /** The text of the first valid QR code in the image, or null. */
  async decode(image: Blob | ImageData): Promise<string | null> {
    const results = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 });
    return results.find((r) => r.isValid)?.text ?? null;
  },
};

export type ScanWorkerApi = typeof api;

expose(api);
