import { useId, useState, type ReactNode } from 'react';
import { Box, Button, HStack, Heading, Table, Text, VisuallyHidden } from '@chakra-ui/react';

export interface TableRow {
  label: string;
  /** One cell per column after the first (scans, unique scans, share of the period, …). */
  cells: string[];
}

interface CardProps {
  title: string;
  /** A line under the title. */
  description?: string;
  /** Drawn before the title. */
  icon?: ReactNode;
  /** Spans two columns of a grid from `lg` up. */
  wide?: boolean;
  /** The drawing. Assistive technology and tests read the figures or the summary instead. */
  children: ReactNode;
}

/** The figures behind a drawing of real data (the dashboard's analytics), as a table. */
interface FiguresProps {
  columns: [string, ...string[]];
  rows: TableRow[];
  summary?: never;
}

/** One sentence that says what an illustrative drawing shows (the marketing pages' sample figures). */
interface SummaryProps {
  summary: string;
  columns?: never;
  rows?: never;
}

type ChartCardProps = CardProps & (FiguresProps | SummaryProps);

const frame = (wide: boolean | undefined) =>
  ({
    bg: 'white',
    borderWidth: '1px',
    borderColor: 'gray.200',
    rounded: 'xl',
    minW: '0',
    gridColumn: wide ? { lg: 'span 2' } : undefined,
  }) as const;

function Description({ text }: { text: string | undefined }) {
  return text ? (
    <Text fontSize="sm" color="gray.700">
      {text}
    </Text>
  ) : null;
}

/**
 * One chart with its heading and its text alternative, the app's one chart frame. With `columns` and `rows` the
 * figures are a table that is always in the accessibility tree (visually hidden until "Show table" is pressed),
 * named by the chart's heading, so screen readers and tests read the figures rather than pixels. With `summary`
 * the drawing is an image named by that sentence, which is also its caption.
 */
export function ChartCard(props: ChartCardProps) {
  return props.summary === undefined ? <FiguresCard {...props} /> : <SummaryCard {...props} summary={props.summary} />;
}

function SummaryCard({ title, description, icon, wide, summary, children }: CardProps & { summary: string }) {
  return (
    <Box as="figure" m="0" p={{ base: '4', md: '6' }} {...frame(wide)}>
      <HStack gap="2" mb="4" color="brand.500">
        {icon}
        <Heading as="h2" fontSize="lg" color="gray.900">
          {title}
        </Heading>
      </HStack>
      <Description text={description} />
      <Box role="img" aria-label={summary}>
        {children}
      </Box>
      <Text as="figcaption" mt="3" fontSize="sm" color="gray.600">
        {summary}
      </Text>
    </Box>
  );
}

function FiguresCard({ title, description, icon, wide, columns, rows, children }: CardProps & FiguresProps) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  const heading = (
    <Heading as="h2" id={headingId} fontSize="md" color="gray.900">
      {title}
    </Heading>
  );
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
    <Box as="section" aria-labelledby={headingId} p="5" {...frame(wide)}>
      <HStack justify="space-between" align="start" gap="3" mb="3">
        <Box>
          {icon ? (
            <HStack gap="2" color="brand.500">
              {icon}
              {heading}
            </HStack>
          ) : (
            heading
          )}
          <Description text={description} />
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
