/// <reference lib="webworker" />
/** The QR worker: exposes the service with comlink. Previews come back with their ImageBitmap transferred. */
import { expose, transfer } from 'comlink';
import type { PreviewOptions, QrRequest, QrWorkerApi } from './contract.ts';
import { createQrService, withWireErrors } from './service.ts';

const service = createQrService();

const api = withWireErrors({
  ...service,
  async preview(req: QrRequest, options: PreviewOptions) {
    const result = await service.preview(req, options);
    return transfer(result, [result.bitmap]);
  },
}) satisfies QrWorkerApi;

expose(api);
