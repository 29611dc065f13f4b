import { useRef } from 'react';
import { NO_ANSWER, useLatestLoad } from '../../lib/useLatestLoad.ts';
import { DataTooLongError, getQrClient, type QrRequest, type RenderMeta } from '../../worker-client/index.ts';
import { describeQrError } from '../../qr-ui/index.ts';

export const PREVIEW_CSS_SIZE = 160;

export interface PreviewState {
  meta: RenderMeta | null;
  error: string | null;
  /** The request the canvas currently shows (for the scan check). */
  shown: QrRequest | null;
  /**
   * The content does not fit: the canvas keeps the last code that did (if any), out of date. The advice itself is
   * shown once, under the content field (CapacityMeter), not here again.
   */
  tooLong?: { lastGood: boolean };
}

const NOTHING_YET: PreviewState = { meta: null, error: null, shown: null };

/**
 * Paints the worker's preview of `request` into a `bitmaprenderer` canvas (zero copies). Latest wins: the
 * client drops superseded renders, so typing never waits for an older frame. Until the next frame is painted,
 * the state describes the last one (or the last error). `onPainted` is called after each frame is painted.
 */
export function usePreview(request: QrRequest | null, onPainted?: () => void) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const painted = useRef(false);
  // The key stands for `request`'s content: a new object with the same data must not re-render.
  const key = request ? JSON.stringify(request) : null;

  const { latest } = useLatestLoad<PreviewState>(key, async (signal) => {
    if (!request) return NO_ANSWER;
    try {
      const result = await getQrClient().preview(request, {
        cssSize: PREVIEW_CSS_SIZE,
        pixelRatio: window.devicePixelRatio || 1,
      });
      if (!result) return NO_ANSWER; // superseded by a newer request
      const canvas = canvasRef.current;
      if (signal.aborted || !canvas) {
        result.bitmap.close();
        return NO_ANSWER;
      }
      canvas.width = result.bitmap.width;
      canvas.height = result.bitmap.height;
      const ctx = canvas.getContext('bitmaprenderer');
      if (ctx) ctx.transferFromImageBitmap(result.bitmap);
      else result.bitmap.close();
      painted.current = true;
      // A mark per painted frame lets benchmarks measure keystroke-to-preview without touching the UI.
      performance.mark('qrcraft:preview-painted', { detail: { contentLength: request.content.length } });
      onPainted?.();
      return { meta: result.meta, error: null, shown: request };
    } catch (error) {
      if (error instanceof DataTooLongError)
        return { meta: null, error: null, shown: null, tooLong: { lastGood: painted.current } };
      return { meta: null, error: describeQrError(error), shown: null };
    }
  });

  const state = latest?.status === 'ready' ? latest.data : NOTHING_YET;
  return { canvasRef, ...state };
}
