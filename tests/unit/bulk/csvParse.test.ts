import { describe, expect, it } from 'vitest';
import { MAX_BULK_ROWS } from '../../../workers/csvContract.ts';
import { parseBulkCsv } from '../../../workers/csvParse.ts';

describe('parseBulkCsv', () => {
  it('reads the known columns by loose header names, url as content, and says which columns it ignores', async () => {
    const csv = '\uFEFFName,URL,Frame Text,Notes\r\nA,https://example.com,"Hi, there",x\r\n\r\nB,"line\nbreak",,y\r\n';
    const result = await parseBulkCsv(csv);
    expect(result.fileProblem).toBeNull();
    expect(result.unusedColumns).toEqual(['Notes']);
    expect(result.rows.map((r) => [r.name, r.content, r.frame_text])).toEqual([
      ['A', 'https://example.com', 'Hi, there'],
      ['B', 'line\nbreak', ''],
    ]);
  });

  it('refuses a file without a content column, and one with too many rows, as a whole', async () => {
    expect((await parseBulkCsv('name,colour\nA,red\n')).fileProblem).toMatch(/"content"/);
    const big = `content\n${'x\n'.repeat(MAX_BULK_ROWS + 1)}`;
    const result = await parseBulkCsv(big);
    expect(result.fileProblem).toMatch(/more than 10,000 rows/);
  });

  it('numbers a malformed row as the spreadsheet does (header = row 1)', async () => {
    const result = await parseBulkCsv('name,content\nA,a\nB,b,extra\nC,c\n');
    expect(result.rowProblems).toEqual([{ row: 3, message: expect.stringMatching(/3 cells/) as unknown }]);
  });
});
