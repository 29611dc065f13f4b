import { Alert, Box, Button, Stack, Table, Text } from '@chakra-ui/react';
import Papa from 'papaparse';
import { saveBlob } from '../../qr-ui/index.ts';
import type { CheckedRow } from './rowCheck.ts';

/** Up to this many rows the table shows every row; above it, only the rows with problems. */
export const FULL_TABLE_ROWS = 100;
/** The most problem rows drawn at once; all of them are in the problem list download. */
export const SHOWN_PROBLEMS = 200;

interface RowReportProps {
  source: string;
  rows: CheckedRow[];
  bad: CheckedRow[];
  unusedColumns: string[];
  skipBad: boolean;
  onSkipBad: (skip: boolean) => void;
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

function problemsCsv(bad: CheckedRow[]): Blob {
  const csv = Papa.unparse(
    {
      fields: ['row', 'name', 'content', 'problem'],
      data: bad.map((r) => [r.row, r.name, r.content, r.problems.join(' ')]),
    },
    { escapeFormulae: true, newline: '\r\n' },
  );
  return new Blob([csv], { type: 'text/csv' });
}

/** The check's outcome: counts, the rows (or only the bad ones for large files) with each problem in words. */
export function RowReport({ source, rows, bad, unusedColumns, skipBad, onSkipBad }: RowReportProps) {
  const full = rows.length <= FULL_TABLE_ROWS;
  const shown = full ? rows : bad.slice(0, SHOWN_PROBLEMS);
  return (
    <Stack gap="3" aria-live="polite">
      <Text data-testid="bulk-summary">
        <strong>{source}</strong>: {plural(rows.length, 'row')}, {(rows.length - bad.length).toLocaleString('en-US')}{' '}
        ready
        {bad.length > 0 ? `, ${plural(bad.length, 'row')} with problems.` : '. Every row is ready.'}
      </Text>
      {unusedColumns.length > 0 && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>
            Not used: the column{unusedColumns.length === 1 ? '' : 's'} {unusedColumns.map((c) => `"${c}"`).join(', ')}.
          </Alert.Description>
        </Alert.Root>
      )}
      {shown.length > 0 && (
        <Box overflowX="auto" maxH="96" overflowY="auto" tabIndex={0} aria-label="Checked rows">
          <Table.Root size="sm" variant="outline" stickyHeader>
            <Table.Caption>
              {full
                ? 'Every row of the file, with its problems.'
                : `The rows with problems${bad.length > SHOWN_PROBLEMS ? ` (the first ${SHOWN_PROBLEMS} of ${bad.length.toLocaleString('en-US')})` : ''}.`}
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Row</Table.ColumnHeader>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Content</Table.ColumnHeader>
                <Table.ColumnHeader>Problem</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((r) => (
                <Table.Row key={r.row} data-row={r.row} data-bad={r.problems.length > 0 || undefined}>
                  <Table.Cell>{r.row}</Table.Cell>
                  <Table.Cell>{r.name}</Table.Cell>
                  <Table.Cell maxW="64" truncate title={r.content}>
                    {r.content}
                  </Table.Cell>
                  <Table.Cell color={r.problems.length > 0 ? 'red.700' : 'green.700'}>
                    {r.problems.length > 0 ? r.problems.join(' ') : 'Ready'}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {bad.length > 0 && (
        <Stack gap="2" align="start">
          <Text fontSize="sm">
            Fix these rows in your spreadsheet and upload it again, or leave them out: nothing is left out unless you
            say so.
          </Text>
          <Button
            size="sm"
            variant={skipBad ? 'solid' : 'outline'}
            colorPalette="brand"
            aria-pressed={skipBad}
            onClick={() => onSkipBad(!skipBad)}
          >
            {skipBad ? `Skipping the ${plural(bad.length, 'bad row')}` : `Skip the ${plural(bad.length, 'bad row')}`}
          </Button>
          <Button size="xs" variant="ghost" onClick={() => saveBlob(problemsCsv(bad), 'qrcraft-bulk-problems.csv')}>
            Download the list of problems (CSV)
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
