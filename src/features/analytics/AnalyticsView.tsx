import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Center,
  Field,
  Heading,
  Link,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { AnalyticsData, CodeOption, Slice } from './analyticsApi.ts';
import { BarBreakdownChart, PieBreakdownChart, ScansOverTimeChart } from './charts.tsx';
import { ChartCard, type TableRow } from '../../components/ChartCard.tsx';
import { rangeFromParams, rangeToParams, resolveRange, type DayRange, type RangeChoice } from './dateRange.ts';
import {
  countryName,
  deviceLabel,
  formatAverage,
  formatCount,
  formatDayLong,
  orUnknown,
  percentOf,
  summariseDays,
} from './format.ts';
import { RangePicker } from './RangePicker.tsx';
import { ScanOutcomesSection } from './ScanOutcomesSection.tsx';
import { ExportScansButton } from './ExportScansButton.tsx';
import { FeedbackSection } from './FeedbackSection.tsx';
import { useAnalyticsData, useCodeOptions } from './useAnalytics.ts';
import { useTimeZone } from '../settings/useTimeZone.ts';

/**
 * /dashboard/analytics: period and code come from the URL (`?range=7|30|90` or `?from=&to=`, `?code=<id>`),
 * so the overview's "analytics" links, reloads and the back button all keep them. Days are days in the user's time
 * zone (Settings), which the page names.
 */
export function AnalyticsView() {
  const [params, setParams] = useSearchParams();
  // One "now" per visit: a page left open over midnight keeps its period until the user changes it.
  const [now] = useState(() => new Date());
  const timeZone = useTimeZone();
  const choice = rangeFromParams(params, now, timeZone);
  const range = resolveRange(choice, now, timeZone);
  const codes = useCodeOptions();

  const setChoice = (next: RangeChoice) => setParams(rangeToParams(next, params));
  const setCode = (id: string) => {
    const next = new URLSearchParams(params);
    if (id) next.set('code', id);
    else next.delete('code');
    setParams(next);
  };

  if (codes.state.status === 'loading') return <Loading label="Loading your QR codes…" />;
  if (codes.state.status === 'error') return <LoadError message={codes.state.message} onRetry={codes.retry} />;

  const options = codes.state.data;
  const requested = params.get('code');
  const selected = requested && options.some((o) => o.id === requested) ? requested : null;

  return (
    <Stack gap="5">
      <Stack gap="4" bg="white" borderWidth="1px" borderColor="gray.200" rounded="xl" p="4">
        <RangePicker
          key={`${range.from}|${range.to}|${timeZone}`}
          choice={choice}
          range={range}
          now={now}
          timeZone={timeZone}
          onChange={setChoice}
        />
        <CodeSelect options={options} value={selected ?? ''} onChange={setCode} />
        <ExportScansButton range={range} codeId={selected} timeZone={timeZone} />
        <TimeZoneNote timeZone={timeZone} />
      </Stack>
      {requested && !selected && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>That QR code was not found in your account, so all codes are shown.</Alert.Title>
        </Alert.Root>
      )}
      {options.length === 0 ? (
        <EmptyPanel
          title="No scan data yet"
          text="You have no saved QR codes yet. Save a code, and the scans of its dynamic link will appear here."
          create
        />
      ) : (
        <PeriodAnalytics
          range={range}
          codeId={selected}
          codeName={options.find((o) => o.id === selected)?.name}
          timeZone={timeZone}
        />
      )}
    </Stack>
  );
}

function CodeSelect({
  options,
  value,
  onChange,
}: {
  options: CodeOption[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <Field.Root maxW="sm">
      <Field.Label>QR code</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">All codes</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** Which zone the days are in, and where to change it. */
function TimeZoneNote({ timeZone }: { timeZone: string }) {
  return (
    <Text fontSize="sm" color="gray.700">
      Times in {timeZone}.{' '}
      <Link asChild color="brand.600" textDecoration="underline">
        <RouterLink to="/dashboard/settings#time-zone">Change time zone in Settings</RouterLink>
      </Link>
    </Text>
  );
}

function PeriodAnalytics({
  range,
  codeId,
  codeName,
  timeZone,
}: {
  range: DayRange;
  codeId: string | null;
  codeName?: string;
  timeZone: string;
}) {
  const { state, retry } = useAnalyticsData(range, codeId, timeZone);
  if (state.status === 'loading') return <Loading label="Loading analytics…" />;
  if (state.status === 'error') return <LoadError message={state.message} onRetry={retry} />;
  return (
    <Stack gap="5">
      <AnalyticsResults data={state.data} codeName={codeName} timeZone={timeZone} />
      {codeId && <ScanOutcomesSection range={range} codeId={codeId} timeZone={timeZone} />}
      {codeId && <FeedbackSection codeId={codeId} timeZone={timeZone} />}
    </Stack>
  );
}

/** Scans, unique scans and the share of the period's scans. */
function sliceRows(slices: Slice[], label: (key: string | null) => string, total: number): TableRow[] {
  return slices.map((s) => ({
    label: label(s.key),
    cells: [formatCount(s.scans), formatCount(s.uniqueScans), percentOf(s.scans, total)],
  }));
}

function named(slices: Slice[], label: (key: string | null) => string) {
  return slices.map((s) => ({ name: label(s.key), scans: s.scans, uniqueScans: s.uniqueScans }));
}

function AnalyticsResults({ data, codeName, timeZone }: { data: AnalyticsData; codeName?: string; timeZone: string }) {
  const totals = summariseDays(data.perDay);
  const scope = codeName ? `“${codeName}”` : 'all codes';
  return (
    <Stack gap="5">
      <Box as="section" aria-labelledby="totals-heading">
        <Heading as="h2" id="totals-heading" fontSize="md" color="gray.900" mb="3">
          Totals for {scope}
        </Heading>
        <SimpleGrid columns={{ base: 2, lg: 3 }} gap="3">
          <Stat label="Scans in period" value={formatCount(totals.total)} />
          <Stat label="Unique scans in period" value={formatCount(totals.uniqueTotal)} />
          <Stat label="Average per day" value={formatAverage(totals.averagePerDay)} />
          <Stat
            label="Busiest day"
            value={totals.peak ? formatDayLong(totals.peak.day) : '—'}
            note={totals.peak ? `${formatCount(totals.peak.scans)} scans` : undefined}
          />
          <Stat label="All-time scans" value={formatCount(data.allTime.scans)} />
          <Stat label="All-time unique scans" value={formatCount(data.allTime.uniqueScans)} />
        </SimpleGrid>
      </Box>
      {totals.total === 0 ? (
        <EmptyPanel title="No scans in this period" text="Try a longer period or another code." />
      ) : (
        <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
          <Box gridColumn={{ xl: 'span 2' }} minW="0">
            <ChartCard
              title="Scans over time"
              description={`Scans and unique scans per day (${timeZone})`}
              columns={['Day', 'Scans', 'Unique scans']}
              rows={data.perDay.map((d) => ({
                label: formatDayLong(d.day),
                cells: [formatCount(d.scans), formatCount(d.uniqueScans)],
              }))}
            >
              <ScansOverTimeChart data={data.perDay} />
            </ChartCard>
          </Box>
          <ChartCard
            title="Scans by country"
            columns={['Country', 'Scans', 'Unique scans', 'Share']}
            rows={sliceRows(data.countries, countryName, totals.total)}
          >
            <BarBreakdownChart data={named(data.countries, countryName)} />
          </ChartCard>
          <ChartCard
            title="Scans by device"
            columns={['Device', 'Scans', 'Unique scans', 'Share']}
            rows={sliceRows(data.devices, deviceLabel, totals.total)}
          >
            <PieBreakdownChart data={named(data.devices, deviceLabel)} />
          </ChartCard>
          <ChartCard
            title="Scans by operating system"
            columns={['Operating system', 'Scans', 'Unique scans', 'Share']}
            rows={sliceRows(data.os, orUnknown, totals.total)}
          >
            <BarBreakdownChart data={named(data.os, orUnknown)} />
          </ChartCard>
          <ChartCard
            title="Top codes"
            description="Your most scanned codes in this period (all codes)"
            columns={['QR code', 'Scans', 'Unique scans']}
            rows={data.topCodes.map((c) => ({
              label: c.name,
              cells: [formatCount(c.scans), formatCount(c.uniqueScans)],
            }))}
          >
            <BarBreakdownChart data={data.topCodes} />
          </ChartCard>
        </SimpleGrid>
      )}
    </Stack>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  const id = `stat-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Box role="group" aria-labelledby={id} bg="white" borderWidth="1px" borderColor="gray.200" rounded="xl" p="4">
      <Text id={id} fontSize="sm" color="gray.700">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" color="gray.900" data-stat-value="">
        {value}
      </Text>
      {note && (
        <Text fontSize="xs" color="gray.700">
          {note}
        </Text>
      )}
    </Box>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Center py="16" aria-busy="true" role="status">
      <Stack align="center">
        <Spinner size="lg" aria-hidden="true" color="brand.500" />
        <Text color="gray.700">{label}</Text>
      </Stack>
    </Center>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert.Root status="error" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Analytics could not be loaded</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Alert.Root>
  );
}

function EmptyPanel({ title, text, create = false }: { title: string; text: string; create?: boolean }) {
  return (
    <Box
      as="section"
      aria-labelledby="analytics-empty-heading"
      bg="white"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="gray.300"
      rounded="xl"
      px="6"
      py="12"
      textAlign="center"
    >
      <Heading as="h2" id="analytics-empty-heading" fontSize="lg" color="gray.900">
        {title}
      </Heading>
      <Text color="gray.700" mt="2">
        {text}
      </Text>
      {create && (
        <Button asChild colorPalette="brand" mt="6">
          <RouterLink to="/create">Create QR Code</RouterLink>
        </Button>
      )}
    </Box>
  );
}
