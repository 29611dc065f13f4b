import { useId, useState, type ReactNode } from 'react';
import { Box, Button, HStack, Heading, Table, Text, VisuallyHidden } from '@chakra-ui/react';

export interface TableRow {
  label: string;
  /** One cell per column after the first (scans, unique scans, share of the period, …). */
  cells: string[];
}

/**
 * One chart with its heading and the same numbers as a table. The drawing is hidden from assistive technology;
 * the table is always in the accessibility tree (visually hidden until "Show table" is pressed), named by the
 * chart's heading, so screen readers and tests read the figures rather than pixels.
 */
export function ChartCard({
  title,
  description,
  columns,
  rows,
  children,
}: {
  title: string;
  description?: string;
  columns: [string, ...string[]];
  rows: TableRow[];
  children: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  const table = (
    <Table.Root id={tableId} size="sm" aria-labelledby={headingId}>
      <Table.Header>
        <Table.Row>
          {columns.map((c, i) => (
            <Table.ColumnHeader key={c} textAlign={i === 0 ? 'start' : 'end'}>
              {c}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((r) => (
          <Table.Row key={r.label}>
            <Table.Cell>{r.label}</Table.Cell>
            {columns.slice(1).map((c, i) => (
              <Table.Cell key={c} textAlign="end">
                {r.cells[i] ?? ''}
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="xl"
      p="5"
      minW="0"
    >
      <HStack justify="space-between" align="start" gap="3" mb="3">
        <Box>
          <Heading as="h2" id={headingId} fontSize="md" color="gray.900">
            {title}
          </Heading>
          {description && (
            <Text fontSize="sm" color="gray.700">
              {description}
            </Text>
          )}
        </Box>
        <Button
          size="xs"
          variant="outline"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((v) => !v)}
        >
          {showTable ? 'Hide table' : 'Show table'}
          <VisuallyHidden>{` for ${title}`}</VisuallyHidden>
        </Button>
      </HStack>
      {showTable ? (
        <Box overflowX="auto">{table}</Box>
      ) : (
        <>
          <Box aria-hidden="true" inert>
            {children}
          </Box>
          <VisuallyHidden>{table}</VisuallyHidden>
        </>
      )}
    </Box>
  );
}
