/** What the page shows while the user types: the code's capacity and the preview bitmap. */
import { measureCapacity } from '../../src/encoder/index.ts';
import type { EncodeInfo, PreviewOptions, QrContent, QrRequest } from '../contract.ts';
import { encode, previewPixels, renderRaster } from './scene.ts';
import type { QrServiceState } from './state.ts';

export async function info(state: QrServiceState, req: QrContent): Promise<EncodeInfo> {
  const matrix = encode(state, req);
  const cap = measureCapacity(req.content, req.ecl);
  return {
    version: matrix.version,
    size: matrix.size,
    ecl: matrix.ecl,
    mask: matrix.mask,
    usedBits: cap.usedBits,
    capacityBits: cap.capacityBits,
    leftBits: cap.capacityBits - cap.usedBits,
    maxCapacityBits: cap.maxCapacityBits,
  };
}

export async function preview(state: QrServiceState, req: QrRequest, options: PreviewOptions) {
  const matrix = encode(state, req);
  const size = previewPixels(matrix.size, req, options);
  state.previewCanvas ??= new OffscreenCanvas(size, size);
  const { canvas, meta } = renderRaster(state, req, size, { canvas: state.previewCanvas, matrix });
  return { bitmap: canvas.transferToImageBitmap(), meta };
}
