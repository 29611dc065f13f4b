// GET /api/v1/qr on the local server: a code rendered as SVG by the app's own encoder and renderer
// (src/encoder, src/render: the functions the worker calls for an SVG download), so a script gets the same file
// the generator would. SVG only for now: PNG needs a canvas for Node behind the renderer's canvas interface, and
// PDF/EPS are not wired yet (docs/api.md).
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { DataTooLongError, encodeText } from '../../src/encoder/index.ts';
import { buildScene } from '../../src/render/scene.ts';
import { sceneToSvg } from '../../src/render/svg.ts';
import { DEFAULT_STYLE, FRAMES, MAX_FRAME_TEXT, QrError, SHAPES, type QrStyle } from '../../workers/contract.ts';
import type { ApiV1Env } from '../../supabase/functions/_shared/api/app.ts';
import { invalidRequest } from '../../supabase/functions/_shared/api/errors.ts';
import { COMMON_ERRORS } from '../../supabase/functions/_shared/api/responses.ts';

const param = (name: string) => ({ param: { name, in: 'query' as const } });
const colour = (name: string, fallback: string) =>
  z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { message: `"${name}" must be a colour such as #1A2BB2` })
    .default(fallback)
    .openapi({ ...param(name), example: fallback });

export const QrQuerySchema = z.object({
  data: z
    .string({ message: '"data" is required: the text to encode' })
    .min(1, { message: '"data" is required: the text to encode' })
    .max(7089, { message: '"data" may be at most 7089 characters' })
    .openapi({ ...param('data'), example: 'https://example.com' }),
  format: z
    .enum(['svg'], { message: '"format" must be svg (PNG, PDF and EPS are not served yet)' })
    .default('svg')
    .openapi(param('format')),
  size: z
    .string()
    .regex(/^\d{1,5}$/, { message: '"size" must be a whole number of pixels from 64 to 4096' })
    .transform(Number)
    .refine((n) => n >= 64 && n <= 4096, { message: '"size" must be a whole number of pixels from 64 to 4096' })
    .default(1000)
    .openapi({ ...param('size'), type: 'integer', minimum: 64, maximum: 4096 }),
  ecl: z.enum(['L', 'M', 'Q', 'H'], { message: '"ecl" must be L, M, Q or H' }).default('M').openapi(param('ecl')),
  shape: z
    .enum(SHAPES, { message: `"shape" must be one of ${SHAPES.join(', ')}` })
    .default('square')
    .openapi(param('shape')),
  fg: colour('fg', DEFAULT_STYLE.fg),
  bg: colour('bg', DEFAULT_STYLE.bg),
  frame: z
    .enum(FRAMES, { message: `"frame" must be one of ${FRAMES.join(', ')}` })
    .default('none')
    .openapi(param('frame')),
  frameText: z
    .string()
    .max(MAX_FRAME_TEXT, { message: `"frameText" may be at most ${MAX_FRAME_TEXT} characters` })
    .default('')
    .openapi(param('frameText')),
});

const qrRoute = createRoute({
  method: 'get',
  path: '/qr',
  summary: "A QR code as SVG, drawn by the generator's own encoder and renderer",
  request: { query: QrQuerySchema },
  responses: {
    200: { description: 'The SVG', content: { 'image/svg+xml': { schema: z.string() } } },
    ...COMMON_ERRORS,
  },
});

export function registerQrSvg(app: OpenAPIHono<ApiV1Env>): void {
  app.openapi(qrRoute, (c) => {
    const q = c.req.valid('query');
    const style: QrStyle = {
      ...DEFAULT_STYLE,
      shape: q.shape,
      fg: q.fg,
      bg: q.bg,
      frame: q.frame,
      frameText: q.frameText,
    };
    let svg: string;
    try {
      const scene = buildScene(encodeText(q.data, { ecl: q.ecl }), style, null, q.size, true);
      svg = sceneToSvg(scene, { title: 'QR code', logoHref: null });
    } catch (err) {
      if (err instanceof DataTooLongError) {
        throw invalidRequest(`"data" is too long for a QR code at level ${q.ecl}: use less text or a lower level`);
      }
      if (err instanceof QrError) throw invalidRequest(err.message);
      throw err;
    }
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'no-store' });
  });
}

declare global {
  /**
   * workers/contract.ts names ImageBitmap in the worker's preview types; the server program has no DOM lib (adding
   * it would change fetch's types for every server file), and the functions used here never touch one.
   */
  interface ImageBitmap {
    readonly width: number;
    readonly height: number;
    close(): void;
  }
}
