import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODE_DESIGN } from '../../../src/features/codes/codeModel.ts';
import { bulkItems } from '../../../src/features/bulk/bulkItems.ts';
import { manifestCsv } from '../../../src/features/bulk/manifest.ts';
import type { CheckedRow } from '../../../src/features/bulk/rowCheck.ts';

const design = DEFAULT_CODE_DESIGN;
const row = (n: number, name: string, content: string, problems: string[] = []): CheckedRow => ({
  row: n,
  name,
  type: 'website',
  content,
  design: { ...design },
  problems,
});

describe('manifest.csv', () => {
  const rows = [
    row(2, 'Menu, "main"', 'https://example.com/a'),
    row(3, 'menu, "MAIN"', 'https://example.com/b'),
    row(4, 'bad', '', ['The content is empty.']),
    row(5, '=HYPERLINK("http://evil")', 'https://example.com/c'),
  ];
  const shortUrls = new Map([[3, 'http://127.0.0.1:54321/r/abcd1234']]);
  const items = bulkItems(rows, shortUrls);
  const parsed = Papa.parse<Record<string, string>>(manifestCsv(items, ['png', 'png2000', 'svg']), {
    header: true,
    skipEmptyLines: true,
  });

  it('has one line per row made, in spreadsheet order, and none for a skipped row', () => {
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.map((d) => d.row)).toEqual(['2', '3', '5']);
  });

  it('round-trips names with commas and quotes, and names unique files per row', () => {
    expect(parsed.data[0]!.name).toBe('Menu, "main"');
    const files = parsed.data.flatMap((d) => [d.png, d.png_2000, d.svg]);
    expect(new Set(files.map((f) => f!.toLowerCase())).size).toBe(files.length);
  });

  it('gives a saved dynamic code its short URL, which is what the code encodes', () => {
    expect(parsed.data[1]!.short_url).toBe(shortUrls.get(3));
    expect(parsed.data[1]!.encoded).toBe(shortUrls.get(3));
    expect(parsed.data[1]!.content).toBe('https://example.com/b');
    expect(parsed.data[0]!.short_url).toBe('');
  });

  it('defuses a cell a spreadsheet would run as a formula', () => {
    expect(parsed.data[2]!.name!.startsWith('=')).toBe(false);
  });
});
