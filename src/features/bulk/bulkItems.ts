/**
 * What a run makes, one item per row to render: its file base name (safe and unique), what the code encodes
 * (the content, or a saved dynamic code's short URL) and its manifest line.
 */
import type { QrTypeId } from '../../content/qrTypes.ts';
import type { QrDesign } from '../../qr-ui/index.ts';
import { safeFileBase, UniqueNames } from './fileNames.ts';
import type { ManifestEntry } from './manifest.ts';
import type { CheckedRow } from './rowCheck.ts';

export interface BulkItem extends ManifestEntry {
  type: QrTypeId;
  design: QrDesign;
}

/** Rows without problems, in spreadsheet order; `shortUrls` maps a row number to its saved dynamic code's URL. */
export function bulkItems(rows: readonly CheckedRow[], shortUrls: ReadonlyMap<number, string> = new Map()): BulkItem[] {
  const names = new UniqueNames();
  return rows
    .filter((r) => r.problems.length === 0)
    .map((r) => {
      const shortUrl = shortUrls.get(r.row) ?? null;
      return {
        row: r.row,
        name: r.name,
        type: r.type,
        content: r.content,
        encoded: shortUrl ?? r.content,
        design: r.design,
        fileBase: names.take(safeFileBase(r.name, `row-${r.row}`)),
        shortUrl,
      };
    });
}
