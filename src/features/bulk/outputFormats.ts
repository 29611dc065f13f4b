/** The files bulk creation writes per row, and their names in the ZIP and columns in manifest.csv. */
export const BULK_FORMATS = ['png', 'png2000', 'svg', 'pdf', 'eps'] as const;
export type BulkFormat = (typeof BULK_FORMATS)[number];

export const BULK_FORMAT_LABELS: Record<BulkFormat, string> = {
  png: 'PNG 1000 px',
  png2000: 'PNG 2000 px',
  svg: 'SVG',
  pdf: 'PDF',
  eps: 'EPS',
};

/** What follows the base name: `menu.png`, `menu-2000px.png`, `menu.svg`… */
export function fileSuffix(format: BulkFormat): string {
  return format === 'png2000' ? '-2000px.png' : `.${format}`;
}

/** PNG and PDF are compressed already: stored as they are. SVG and EPS are text: deflated. */
export const isCompressed = (format: BulkFormat) => format === 'png' || format === 'png2000' || format === 'pdf';
