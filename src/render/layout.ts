/**
 * Page layout: where the QR area (symbol + quiet zone) sits in the artwork, and the frame around it, as plain
 * shapes in output units. Every frame is drawn in the preview and in every export from this one description.
 */
import { roundedRect, circle, type PathSink } from './shapes.ts';
import { QUIET_ZONE } from './model.ts';
import { DEFAULT_FRAME_TEXT, MAX_FRAME_TEXT, type Frame } from '../shared/qr/vocabulary.ts';

export type FrameShape =
  | {
      kind: 'rect';
      x: number;
      y: number;
      w: number;
      h: number;
      r: number;
      hole?: { x: number; y: number; w: number; h: number; r: number };
    }
  | { kind: 'ring'; cx: number; cy: number; r: number; t: number }
  | { kind: 'polygon'; points: (readonly [number, number])[] };

export interface FrameText {
  text: string;
  /** Centre of the text line. */
  cx: number;
  cy: number;
  maxWidth: number;
  fontSize: number;
  color: 'fg' | 'bg';
}

export interface Layout {
  width: number;
  height: number;
  /** QR area, quiet zone included. */
  qr: { x: number; y: number; side: number };
  /** Filled with the foreground colour. */
  shapes: FrameShape[];
  text: FrameText | null;
}

export const FONT_FAMILY = 'Helvetica, Arial, sans-serif';

/** Share of the artwork's side taken by the QR area for each frame. */
export const QR_SHARE: Record<Frame, number> = {
  none: 1,
  square: 0.815,
  rounded: 0.815,
  circular: 0.58,
  banner: 0.8,
  bottomText: 0.84,
  topText: 0.84,
  badge: 0.76,
};

export function frameLabel(frame: Frame, text: string): string {
  if (frame === 'none') return '';
  const t = text.replace(/\s+/g, ' ').trim();
  return (t || DEFAULT_FRAME_TEXT).slice(0, MAX_FRAME_TEXT);
}

/**
 * Width of a string in em for a bold sans-serif, a little generous so the label never overflows where the real
 * font cannot be measured (SVG opened elsewhere). Canvas, PDF and EPS measure the real font as well.
 */
export function estimateTextEm(text: string): number {
  let em = 0;
  for (const ch of text) {
    if (ch === ' ') em += 0.3;
    else if ("iIl.,:;!|'`".includes(ch)) em += 0.32;
    else if ('fjrt()[]-'.includes(ch)) em += 0.42;
    else if ('MWmw@%'.includes(ch)) em += 0.95;
    else if (ch >= 'A' && ch <= 'Z') em += 0.74;
    else if (ch >= '0' && ch <= '9') em += 0.58;
    else if (ch >= 'a' && ch <= 'z') em += 0.62;
    else em += 0.9;
  }
  return em;
}

function fitText(
  text: string,
  cx: number,
  cy: number,
  maxWidth: number,
  maxFont: number,
  color: 'fg' | 'bg',
): FrameText | null {
  if (!text) return null;
  const em = estimateTextEm(text);
  const fontSize = Math.min(maxFont, maxWidth / Math.max(em, 0.01));
  return { text, cx, cy, maxWidth, fontSize, color };
}

/** Layout of a square artwork of side `s` (output units) for the frame. */
export function layoutFrame(frame: Frame, s: number, frameText: string): Layout {
  const label = frameLabel(frame, frameText);
  const base = { width: s, height: s };
  const side = QR_SHARE[frame] * s;
  switch (frame) {
    case 'none':
      return { ...base, qr: { x: 0, y: 0, side: s }, shapes: [], text: null };
    case 'square':
    case 'rounded': {
      const t = 0.035 * s;
      const band = s - t - side;
      const r = frame === 'rounded' ? 0.08 * s : 0;
      return {
        ...base,
        qr: { x: (s - side) / 2, y: t, side },
        shapes: [
          {
            kind: 'rect',
            x: 0,
            y: 0,
            w: s,
            h: s,
            r,
            hole: { x: t, y: t, w: s - 2 * t, h: side, r: frame === 'rounded' ? 0.05 * s : 0 },
          },
        ],
        text: fitText(label, s / 2, s - band / 2, s - 4 * t, 0.55 * band, 'bg'),
      };
    }
    case 'circular':
      return {
        ...base,
        qr: { x: (s - side) / 2, y: 0.15 * s, side },
        shapes: [{ kind: 'ring', cx: s / 2, cy: s / 2, r: s / 2, t: 0.035 * s }],
        text: fitText(label, s / 2, 0.815 * s, 0.56 * s, 0.085 * s, 'fg'),
      };
    case 'banner':
      return {
        ...base,
        qr: { x: (s - side) / 2, y: 0, side },
        shapes: [
          {
            kind: 'polygon',
            points: (
              [
                [0.02, 0.82],
                [0.98, 0.82],
                [0.93, 0.9],
                [0.98, 0.98],
                [0.02, 0.98],
                [0.07, 0.9],
              ] as const
            ).map(([x, y]) => [x * s, y * s] as const),
          },
        ],
        text: fitText(label, s / 2, 0.9 * s, 0.76 * s, 0.09 * s, 'bg'),
      };
    case 'bottomText':
      return {
        ...base,
        qr: { x: (s - side) / 2, y: 0, side },
        shapes: [],
        text: fitText(label, s / 2, 0.92 * s, 0.9 * s, 0.1 * s, 'fg'),
      };
    case 'topText':
      return {
        ...base,
        qr: { x: (s - side) / 2, y: s - side, side },
        shapes: [],
        text: fitText(label, s / 2, 0.08 * s, 0.9 * s, 0.1 * s, 'fg'),
      };
    case 'badge': {
      const t = 0.02 * s;
      return {
        ...base,
        qr: { x: (s - side) / 2, y: 0.04 * s, side },
        shapes: [
          {
            kind: 'rect',
            x: 0,
            y: 0,
            w: s,
            h: s,
            r: 0.1 * s,
            hole: { x: t, y: t, w: s - 2 * t, h: s - 2 * t, r: 0.08 * s },
          },
          { kind: 'rect', x: 0.15 * s, y: 0.82 * s, w: 0.7 * s, h: 0.13 * s, r: 0.065 * s },
        ],
        text: fitText(label, s / 2, 0.885 * s, 0.6 * s, 0.08 * s, 'bg'),
      };
    }
  }
}

/** Module size for a symbol of n modules in this layout, with `quiet` modules of quiet zone on each side. */
export function moduleSize(layout: Layout, n: number, quiet = QUIET_ZONE): number {
  return layout.qr.side / (n + 2 * quiet);
}

export function emitFrameShapes(sink: PathSink, shapes: readonly FrameShape[]): void {
  for (const sh of shapes) {
    if (sh.kind === 'rect') {
      roundedRect(sink, sh.x, sh.y, sh.x + sh.w, sh.y + sh.h, [sh.r, sh.r, sh.r, sh.r], true);
      const h = sh.hole;
      if (h) roundedRect(sink, h.x, h.y, h.x + h.w, h.y + h.h, [h.r, h.r, h.r, h.r], false);
    } else if (sh.kind === 'ring') {
      circle(sink, sh.cx, sh.cy, sh.r, true);
      circle(sink, sh.cx, sh.cy, sh.r - sh.t, false);
    } else {
      sh.points.forEach(([x, y], i) => (i ? sink.lineTo(x, y) : sink.moveTo(x, y)));
      sink.closePath();
    }
  }
}
