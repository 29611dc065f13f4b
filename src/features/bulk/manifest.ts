/**
 * manifest.csv: one line per row made, in spreadsheet order, naming its files and (for saved dynamic codes) the
 * short URL the code encodes. Written with papaparse's unparse, which quotes what needs quoting and defuses cells
 * a spreadsheet would run as formulas (`=`, `+`, `-`, `@` …).
 */
import Papa from 'papaparse';
import { fileSuffix, type BulkFormat } from './outputFormats.ts';

export interface ManifestEntry {
  row: number;
  name: string;
  type: string;
  /** What the code encodes (the short URL for a dynamic code). */
  encoded: string;
  /** The row's own content (for a dynamic code: where its short URL redirects). */
  content: string;
  fileBase: string;
  shortUrl: string | null;
}

const columnName = (format: BulkFormat) => (format === 'png2000' ? 'png_2000' : format);

export function manifestCsv(entries: readonly ManifestEntry[], formats: readonly BulkFormat[]): string {
  const fields = ['row', 'name', 'type', 'content', 'encoded', ...formats.map(columnName), 'short_url'];
  const data = entries.map((e) => [
    String(e.row),
    e.name,
    e.type,
    e.content,
    e.encoded,
    ...formats.map((f) => `${e.fileBase}${fileSuffix(f)}`),
    e.shortUrl ?? '',
  ]);
  return Papa.unparse({ fields, data }, { escapeFormulae: true, newline: '\r\n' });
}
