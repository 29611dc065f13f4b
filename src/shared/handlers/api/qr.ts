// GET /qr: a code drawn by the app's own encoder and renderer, so a script gets the file the generator would make.
// The route (schema, OpenAPI, limits, errors) is here; the drawing comes through the QR file port
// (src/shared/qr/filePort.ts) that each runtime's entry passes in: src/render/qrFile.ts, with a PNG canvas on the
// local server (@napi-rs/canvas) and none on the Edge runtime (PNG answers 501 `format_unavailable`).
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { HEX_COLOUR } from '../../qr/colour.ts';
import { DataTooLongError, QrError } from '../../qr/errors.ts';
import { QR_FILE_FORMATS, type QrFileFormat, type QrFilePort } from '../../qr/filePort.ts';
import { DEFAULT_STYLE, FRAMES, MAX_FRAME_TEXT, SHAPES, type QrStyle } from '../../qr/vocabulary.ts';
import type { ApiV1Env } from './app.ts';
import { ApiV1Error, invalidRequest } from './errors.ts';
import { COMMON_ERRORS, errorContent } from './responses.ts';

/** `size` per format: pixels for SVG and PNG, points (1/72 inch) for PDF and EPS (36 pt = 1/2 in, 5669 pt = 2 m). */
const QR_SIZES: Record<QrFileFormat, { min: number; max: number; fallback: number; unit: string }> = {
  svg: { min: 64, max: 4096, fallback: 1000, unit: 'pixels' },
  png: { min: 64, max: 4096, fallback: 1000, unit: 'pixels' },
  pdf: { min: 36, max: 5669, fallback: 480, unit: 'points' },
  eps: { min: 36, max: 5669, fallback: 480, unit: 'points' },
};

const CONTENT_TYPES: Record<QrFileFormat, string> = {
  svg: 'image/svg+xml; charset=utf-8',
  png: 'image/png',
  pdf: 'application/pdf',
  eps: 'application/postscript',
};

const TITLE = 'QR code';

const param = (name: string) => ({ param: { name, in: 'query' as const } });
const colour = (name: string, fallback: string) =>
  z
    .string()
    .regex(HEX_COLOUR, { message: `"${name}" must be a colour such as #1A2BB2` })
    .default(fallback)
    .openapi({ ...param(name), example: fallback });

const sizeRule = QR_FILE_FORMATS.map((f) => `${QR_SIZES[f].min}–${QR_SIZES[f].max} ${QR_SIZES[f].unit} for ${f}`).join(
  ', ',
);

const QrQuerySchema = z.object({
  data: z
    .string({ message: '"data" is required: the text to encode' })
    .min(1, { message: '"data" is required: the text to encode' })
    .max(7089, { message: '"data" may be at most 7089 characters' })
    .openapi({ ...param('data'), example: 'https://example.com' }),
  format: z
    .enum(QR_FILE_FORMATS, { message: `"format" must be one of ${QR_FILE_FORMATS.join(', ')}` })
    .default('svg')
    .openapi(param('format')),
  size: z
    .string()
    .regex(/^\d{1,5}$/, { message: `"size" must be a whole number: ${sizeRule}` })
    .transform(Number)
    .optional()
    .openapi({
      ...param('size'),
      type: 'integer',
      description: `Pixels for svg and png (default 1000), points for pdf and eps (default 480): ${sizeRule}`,
    }),
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

const binary = { schema: z.string().openapi({ format: 'binary' }) };

const qrRoute = createRoute({
  method: 'get',
  path: '/qr',
  summary: "A QR code as SVG, PNG, PDF or EPS, drawn by the generator's own encoder and renderer",
  request: { query: QrQuerySchema },
  responses: {
    200: {
      description: 'The file, with Content-Disposition naming it qr-code.<format>',
      content: {
        'image/svg+xml': { schema: z.string() },
        'image/png': binary,
        'application/pdf': binary,
        'application/postscript': { schema: z.string() },
      },
    },
    ...COMMON_ERRORS,
    501: errorContent('format_unavailable: this runtime cannot draw that format (PNG on the Edge Function)'),
  },
});

type QrQuery = z.infer<typeof QrQuerySchema>;

async function drawFile(
  q: QrQuery,
  size: number,
  port: QrFilePort,
  principal: string,
): Promise<string | Uint8Array<ArrayBuffer>> {
  const style: QrStyle = {
    ...DEFAULT_STYLE,
    shape: q.shape,
    fg: q.fg,
    bg: q.bg,
    frame: q.frame,
    frameText: q.frameText,
  };
  try {
    return await port.draw({ format: q.format, data: q.data, ecl: q.ecl, style, size, title: TITLE, principal });
  } catch (err) {
    if (err instanceof DataTooLongError) {
      throw invalidRequest(`"data": ${err.advice}`);
    }
    if (err instanceof QrError) throw invalidRequest(err.message);
    throw err;
  }
}

export function registerQr(app: OpenAPIHono<ApiV1Env>, port: QrFilePort): void {
  app.openapi(qrRoute, async (c) => {
    const q = c.req.valid('query');
    const range = QR_SIZES[q.format];
    const size = q.size ?? range.fallback;
    if (size < range.min || size > range.max) {
      throw invalidRequest(`"size" must be from ${range.min} to ${range.max} ${range.unit} for ${q.format}`);
    }
    if (!port.draws(q.format)) {
      throw new ApiV1Error(
        501,
        'format_unavailable',
        'PNG is not drawn here (this runtime has no canvas): ask for format=svg, pdf or eps',
      );
    }
    // The key's owner: all keys of one account share its place in a render queue and its budget.
    const body = await drawFile(q, size, port, `user:${c.var.userId}`);
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': CONTENT_TYPES[q.format],
        'Content-Disposition': `inline; filename="qr-code.${q.format}"`,
        'Cache-Control': 'no-store',
      },
    });
  });
}
