/**
 * Streams a bulk-creation CSV through papaparse (chunk by chunk, in the CSV worker) into the known columns.
 * A `url` column is read as `content` (people export link lists with that header).
 */
import Papa from 'papaparse';
import { BULK_COLUMNS, MAX_BULK_ROWS, type BulkColumn, type BulkRawRow, type CsvParseResult } from './csvContract.ts';

const ALIASES: Record<string, BulkColumn> = { url: 'content', link: 'content', frametext: 'frame_text' };

/** `Frame Text`, `frame-text`, ` FRAME_TEXT ` → `frame_text`. */
export function normaliseHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

function columnOf(header: string): BulkColumn | null {
  const h = normaliseHeader(header);
  if ((BULK_COLUMNS as readonly string[]).includes(h)) return h as BulkColumn;
  return ALIASES[h] ?? null;
}

/** Spreadsheet row number of the n-th data record (0-based): the header is row 1. */
const sheetRow = (index: number) => index + 2;

export function parseBulkCsv(input: Blob | string): Promise<CsvParseResult> {
  return new Promise((resolve) => {
    const rows: BulkRawRow[] = [];
    const rowProblems: CsvParseResult['rowProblems'] = [];
    let columns: (BulkColumn | null)[] | null = null;
    let unusedColumns: string[] = [];
    let fileProblem: string | null = null;
    let index = 0;

    const finish = () => resolve({ rows, unusedColumns, fileProblem, rowProblems });

    const config = {
      header: false,
      skipEmptyLines: 'greedy',
      chunkSize: 256 * 1024,
      chunk: (results: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        const base = index;
        const headerHere = columns === null;
        for (const record of results.data) {
          if (!columns) {
            const header = record.map(columnOf);
            columns = header;
            unusedColumns = record
              .filter((_, i) => header[i] === null)
              .map((h) => h.trim())
              .filter(Boolean);
            if (!header.includes('content')) {
              fileProblem =
                'The first row must name the columns, and one of them must be "content" (or "url"). Download the template to see the layout.';
              parser.abort();
              return;
            }
            continue;
          }
          if (rows.length >= MAX_BULK_ROWS) {
            fileProblem = `The file has more than ${MAX_BULK_ROWS.toLocaleString('en-US')} rows. Split it into files of at most ${MAX_BULK_ROWS.toLocaleString('en-US')} rows.`;
            parser.abort();
            return;
          }
          const row = Object.fromEntries(BULK_COLUMNS.map((c) => [c, ''])) as BulkRawRow;
          columns.forEach((column, i) => {
            // A later `content` wins over an alias only when the alias left it empty.
            if (column && row[column] === '') row[column] = (record[i] ?? '').trim();
          });
          if (record.length > columns.length && record.slice(columns.length).some((v) => v.trim() !== '')) {
            rowProblems.push({
              row: sheetRow(index),
              message: `It has ${record.length} cells but the header names ${columns.length} columns.`,
            });
          }
          rows.push(row);
          index++;
        }
        for (const error of results.errors) {
          if (error.code === 'UndetectableDelimiter') continue;
          // Papaparse numbers a chunk's records from 0, header included.
          const at = error.row === undefined ? index : base + error.row - (headerHere ? 1 : 0);
          rowProblems.push({ row: sheetRow(at), message: `The spreadsheet could not read it: ${error.message}.` });
        }
      },
      complete: () => {
        if (!columns && !fileProblem) fileProblem = 'The file is empty: it needs a header row and at least one row.';
        else if (!fileProblem && rows.length === 0) fileProblem = 'The file has a header row but no rows under it.';
        finish();
      },
      error: (error: Error) => {
        fileProblem = `The file could not be read: ${error.message}`;
        finish();
      },
    } satisfies Papa.ParseLocalConfig<string[], File>;
    // Both stream chunk by chunk: a file through FileReader slices, pasted text through string slices.
    if (typeof input === 'string') Papa.parse<string[]>(input, config);
    else Papa.parse<string[], File>(input instanceof File ? input : new File([input], 'rows.csv'), config);
  });
}
