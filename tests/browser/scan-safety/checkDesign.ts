/**
 * Checks one design: exports it through the real worker (QrClient), rasterises each export the way it is seen
 * (PNG as is, SVG in Chromium, PDF with pdftoppm, EPS with Ghostscript), optionally degrades the PNG like a phone
 * photo, and asks every decoder to read the exact content.
 */
import { encodeText } from '../../../src/encoder/index.ts';
import { buildScene } from '../../../src/render/scene.ts';
import type { QrClient, QrRequest } from '../../../src/worker-client/index.ts';
import { blobToImageData, svgToImageData } from '../../helpers/page-decode.ts';
import { DECODERS, readWithAll, type DecoderName } from '../../../workers/decoders.ts';
import { DEGRADATIONS, DEGRADATION_NAMES } from '../../../workers/degradations.ts';
import { CONTENTS, DPIS, PNG_SIZE, SVG_SIZES, type Design, type Format } from './matrix.ts';
import { rasteriseOnHost } from './nodeCommands.ts';
import { degrade } from '../../../workers/phonePhoto.ts';

/** One decoder's verdict on one image. `degradation` is 'clean' for the export as rendered. */
export interface Check {
  format: Format;
  /** '1000px', '250px', '72dpi'… */
  resolution: string;
  degradation: string;
  decoder: DecoderName;
  ok: boolean;
}

export interface DesignResult {
  design: Design;
  /** Symbol version, and the logo adjustment the renderer made (refused, shrunk), if any. */
  version: number;
  adjustments: string[];
  checks: Check[];
}

/** Logo ids as put with `putLogo` by the caller: 'square' and 'wide'. */
export function requestFor(d: Design): QrRequest {
  return {
    content: CONTENTS[d.content],
    ecl: d.level,
    kind: 'url',
    // A new user's colours; empty frame text draws the default "SCAN ME".
    style: {
      shape: d.shape,
      frame: d.frame,
      fg: '#000000',
      bg: '#FFFFFF',
      frameText: '',
      logoId: d.logo === 'none' ? null : d.logo,
    },
  };
}

/** Pixels per module of the PNG export, from the renderer's own layout (frame and quiet zone included). */
export function modulePx(req: QrRequest, size: number): number {
  return buildScene(encodeText(req.content, { ecl: req.ecl }), req.style, null, size).m;
}

export interface CheckOptions {
  /** Run the phone-photo degradations on the PNG export too. */
  phonePhoto: boolean;
}

export async function checkDesign(client: QrClient, d: Design, opts: CheckOptions): Promise<DesignResult> {
  const req = requestFor(d);
  const content = req.content;
  const checks: Check[] = [];
  const judge = async (img: ImageData, format: Format, resolution: string, degradation = 'clean') => {
    const read = await readWithAll(img);
    for (const decoder of DECODERS)
      checks.push({ format, resolution, degradation, decoder, ok: read[decoder] === content });
  };

  const png = await client.png(req, PNG_SIZE);
  await judge(await blobToImageData(png.blob), 'png', `${PNG_SIZE}px`);

  const { svg } = await client.svg(req, PNG_SIZE);
  for (const size of SVG_SIZES) await judge(await svgToImageData(svg, size), 'svg', `${size}px`);

  const pdf = await client.pdf(req);
  for (const r of await rasteriseOnHost('pdf', pdf.blob, DPIS))
    await judge(await blobToImageData(r.png), 'pdf', `${r.dpi}dpi`);

  const eps = await client.eps(req);
  for (const r of await rasteriseOnHost('eps', eps.blob, DPIS))
    await judge(await blobToImageData(r.png), 'eps', `${r.dpi}dpi`);

  if (opts.phonePhoto) {
    const bitmap = await createImageBitmap(png.blob);
    try {
      const m = modulePx(req, PNG_SIZE);
      for (const name of DEGRADATION_NAMES) {
        const d = DEGRADATIONS[name];
        await judge(await degrade(bitmap, m, d), 'png', `${d.pxPerModule}px/module`, name);
      }
    } finally {
      bitmap.close();
    }
  }

  return {
    design: d,
    version: png.meta.version,
    adjustments: png.meta.adjustments.map((a) => a.code),
    checks,
  };
}
