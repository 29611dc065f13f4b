import { Box, Heading, SimpleGrid, Table, Text } from '@chakra-ui/react';
import type { DayRange } from './dateRange.ts';
import { formatCount } from './format.ts';
import type { OutcomeLine } from './scanOutcomes.ts';
import { useScanOutcomes } from './useAnalytics.ts';

/**
 * `counted`: what the lines count when it is not scans with a unique count: stopped scans (a stop is not a visit,
 * so it has no unique count) or a Links page's clicks.
 */
function OutcomeTable({
  title,
  lines,
  empty,
  counted,
}: {
  title: string;
  lines: OutcomeLine[];
  empty: string;
  counted?: { what: string; unit: string };
}) {
  const gates = counted !== undefined;
  return (
    <Box bg="white" borderWidth="1px" borderColor="gray.200" rounded="xl" p="4" minW="0">
      <Heading as="h3" fontSize="sm" color="gray.900" mb="2">
        {title}
      </Heading>
      {lines.length === 0 ? (
        <Text fontSize="sm" color="gray.700">
          {empty}
        </Text>
      ) : (
        <Table.Root size="sm" aria-label={title}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{counted?.what ?? 'Target'}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{counted?.unit ?? 'Scans'}</Table.ColumnHeader>
              {!gates && <Table.ColumnHeader textAlign="end">Unique scans</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {lines.map((line) => (
              <Table.Row key={line.label}>
                <Table.Cell wordBreak="break-all">{line.label}</Table.Cell>
                <Table.Cell textAlign="end">{formatCount(line.scans)}</Table.Cell>
                {!gates && <Table.Cell textAlign="end">{formatCount(line.uniqueScans)}</Table.Cell>}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}

/**
 * One code's scans by rule, by A/B variant and stopped by gate in the period (public.scan_outcomes), labelled with
 * the rule's number and target host as the rules are now. Stopped scans are not in the period's other figures.
 */
export function ScanOutcomesSection({
  range,
  codeId,
  timeZone,
}: {
  range: DayRange;
  codeId: string;
  timeZone: string;
}) {
  const { state } = useScanOutcomes(range, codeId, timeZone);
  return (
    <Box as="section" aria-labelledby="outcomes-heading">
      <Heading as="h2" id="outcomes-heading" fontSize="md" color="gray.900" mb="1">
        Scans by rule, variant and gate
      </Heading>
      <Text fontSize="sm" color="gray.700" mb="3">
        Rules are named as they are now; a scan stopped by a gate is not counted in the figures above.
      </Text>
      {state.status === 'loading' && (
        <Text role="status" color="gray.700">
          Loading scan outcomes…
        </Text>
      )}
      {state.status === 'error' && (
        <Text role="alert" color="red.700">
          {state.message}
        </Text>
      )}
      {state.status === 'ready' && (
        <SimpleGrid columns={{ base: 1, xl: 3 }} gap="4">
          <OutcomeTable title="Scans by rule" lines={state.data.rules} empty="No scans in this period." />
          <OutcomeTable title="Scans by A/B variant" lines={state.data.variants} empty="No A/B split in this period." />
          <OutcomeTable
            title="Stopped by gate"
            lines={state.data.gates}
            empty="No scan was stopped."
            counted={{ what: 'Gate', unit: 'Scans' }}
          />
          {state.data.links && (
            <OutcomeTable
              title="Clicks by link"
              lines={state.data.links}
              empty="No link was clicked in this period."
              counted={{ what: 'Link', unit: 'Clicks' }}
            />
          )}
        </SimpleGrid>
      )}
    </Box>
  );
}
