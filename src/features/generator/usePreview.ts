import { useEffect, useRef, useState } from 'react';
import { getQrClient, type QrRequest, type RenderMeta } from '../../worker-client/index.ts';
import { describeQrError } from './describeQrError.ts';

export const PREVIEW_CSS_SIZE = 160;

export interface PreviewState {
  meta: RenderMeta | null;
  error: string | null;
  /** The request the canvas currently shows (for the scan check). */
  shown: QrRequest | null;
}

/**
 * Paints the worker's preview of `request` into a `bitmaprenderer` canvas (zero copies). Latest wins: the
 * client drops superseded renders, so typing never waits for an older frame.
 */
export function usePreview(request: QrRequest | null) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<PreviewState>({ meta: null, error: null, shown: null });
  const key = request ? JSON.stringify(request) : '';

  useEffect(() => {
    if (!request) return;
    let live = true;
    getQrClient()
      .preview(request, { cssSize: PREVIEW_CSS_SIZE, pixelRatio: window.devicePixelRatio || 1 })
      .then((result) => {
        if (!result) return; // superseded by a newer request
        const canvas = canvasRef.current;
        if (!live || !canvas) {
          result.bitmap.close();
          return;
        }
        canvas.width = result.bitmap.width;
        canvas.height = result.bitmap.height;
        const ctx = canvas.getContext('bitmaprenderer');
        if (ctx) ctx.transferFromImageBitmap(result.bitmap);
        else result.bitmap.close();
        // A mark per painted frame lets benchmarks measure keystroke-to-preview without touching the UI.
        performance.mark('qrcraft:preview-painted', { detail: { contentLength: request.content.length } });
        setState({ meta: result.meta, error: null, shown: request });
      })
      .catch((error: unknown) => {
        if (live) setState({ meta: null, error: describeQrError(error, request.ecl), shown: null });
      });
    return () => {
      live = false;
    };
    // `key` stands for `request`'s content: a new object with the same data must not re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return { canvasRef, ...state };
}
