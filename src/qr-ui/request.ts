import type { ContentKind, Ecl, QrRequest, QrStyle } from '../worker-client/index.ts';

/** A code's design as the generator and saved codes keep it: the style without the logo, plus the level. */
export type QrDesign = Omit<QrStyle, 'logoId'> & { ecl: Ecl };

/** The worker request for content of one kind drawn in one design (the one place a request is put together). */
export function qrRequest(content: string, kind: ContentKind, design: QrDesign, logoId: string | null): QrRequest {
  const { ecl, ...style } = design;
  return { content, ecl, kind, style: { ...style, logoId } };
}
