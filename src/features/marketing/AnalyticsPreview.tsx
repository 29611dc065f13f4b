import { Box, Flex, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { ChartCard } from '../../components/ChartCard.tsx';
import { ClockIcon, DeviceIcon, GlobeIcon } from '../../components/icons.tsx';

/**
 * The /analytics "dashboard picture", drawn as real charts (SVG and CSS) from illustrative sample figures:
 * geographic tracking (bars by country), device analytics (donut), time-based insights (scans per day, busiest
 * hours). Each chart has a text alternative with its numbers.
 */

const COUNTRIES = [
  { name: 'United States', share: 38 },
  { name: 'United Kingdom', share: 17 },
  { name: 'Germany', share: 12 },
  { name: 'India', share: 10 },
  { name: 'Canada', share: 8 },
  { name: 'Other', share: 15 },
];

const DEVICES = [
  { name: 'Mobile', share: 68, color: '#1A2BB2' },
  { name: 'Desktop', share: 24, color: '#0EA5E9' },
  { name: 'Tablet', share: 8, color: '#F59E0B' },
];

const DAILY = [
  { day: 'Mon', scans: 1320 },
  { day: 'Tue', scans: 1480 },
  { day: 'Wed', scans: 1390 },
  { day: 'Thu', scans: 1650 },
  { day: 'Fri', scans: 1910 },
  { day: 'Sat', scans: 1720 },
  { day: 'Sun', scans: 1240 },
];

const HOURS = [2, 1, 1, 1, 2, 4, 7, 11, 14, 12, 10, 12, 16, 14, 11, 10, 12, 15, 18, 17, 13, 9, 6, 4];

function GeographicChart() {
  const summary = `Scans by country: ${COUNTRIES.map((c) => `${c.name} ${c.share}%`).join(', ')}.`;
  return (
    <ChartCard title="Geographic tracking" icon={<GlobeIcon size={20} />} summary={summary}>
      <Stack gap="3" aria-hidden="true">
        {COUNTRIES.map((c) => (
          <Box key={c.name}>
            <HStack justify="space-between" fontSize="sm" color="gray.800" mb="1">
              <Text>{c.name}</Text>
              <Text fontWeight="semibold">{c.share}%</Text>
            </HStack>
            <Box h="2.5" bg="gray.100" rounded="full" overflow="hidden">
              <Box h="full" bg="brand.500" rounded="full" style={{ width: `${(c.share / 38) * 100}%` }} />
            </Box>
          </Box>
        ))}
      </Stack>
    </ChartCard>
  );
}

function DeviceChart() {
  const radius = 40;
  const circumference = 2 * Math.PI * radius;
  const summary = `Scans by device: ${DEVICES.map((d) => `${d.name} ${d.share}%`).join(', ')}.`;
  return (
    <ChartCard title="Device analytics" icon={<DeviceIcon size={20} />} summary={summary}>
      <HStack gap="6" justify="center" flexWrap="wrap" aria-hidden="true">
        <svg viewBox="0 0 120 120" width="160" height="160">
          <circle cx="60" cy="60" r={radius} fill="none" stroke="#E4E4E7" strokeWidth="18" />
          {DEVICES.map((d, i) => {
            const length = (d.share / 100) * circumference;
            const offset = DEVICES.slice(0, i).reduce((sum, e) => sum + (e.share / 100) * circumference, 0);
            return (
              <circle
                key={d.name}
                cx="60"
                cy="60"
                r={radius}
                fill="none"
                stroke={d.color}
                strokeWidth="18"
                strokeDasharray={`${length} ${circumference - length}`}
                strokeDashoffset={-offset}
                transform="rotate(-90 60 60)"
              />
            );
          })}
          <text x="60" y="57" textAnchor="middle" fontSize="16" fontWeight="700" fill="#18181B">
            68%
          </text>
          <text x="60" y="73" textAnchor="middle" fontSize="9" fill="#52525B">
            mobile
          </text>
        </svg>
        <Stack gap="2">
          {DEVICES.map((d) => (
            <HStack key={d.name} gap="2" fontSize="sm" color="gray.800">
              <Box boxSize="3" rounded="sm" style={{ background: d.color }} />
              <Text>
                {d.name} <b>{d.share}%</b>
              </Text>
            </HStack>
          ))}
        </Stack>
      </HStack>
    </ChartCard>
  );
}

function TimeChart() {
  // The line is drawn in a 0–100 box stretched to the chart area (non-scaling strokes); labels and points are
  // HTML placed by percentage, so text stays readable from 360 px to 1920 px.
  const max = 2000;
  const px = (i: number) => (i / (DAILY.length - 1)) * 100;
  const py = (v: number) => 100 - (v / max) * 100;
  const line = DAILY.map((d, i) => `${i === 0 ? 'M' : 'L'}${px(i).toFixed(2)},${py(d.scans).toFixed(2)}`).join(' ');
  const area = `${line} L100,100 L0,100 Z`;
  const peakHour = HOURS.indexOf(Math.max(...HOURS));
  const summary = `Scans per day this week: ${DAILY.map((d) => `${d.day} ${d.scans.toLocaleString('en-US')}`).join(', ')}. Busiest hour: ${peakHour}:00 to ${peakHour + 1}:00.`;
  return (
    <ChartCard title="Time-based insights" icon={<ClockIcon size={20} />} summary={summary} wide>
      <Grid templateColumns={{ base: '1fr', md: '3fr 2fr' }} gap="6" aria-hidden="true">
        <Box>
          <Text fontSize="sm" fontWeight="medium" color="gray.700" mb="2">
            Scans per day
          </Text>
          <Grid templateColumns="auto 1fr" columnGap="2">
            <Flex
              direction="column"
              justify="space-between"
              h="140px"
              fontSize="xs"
              color="gray.600"
              textAlign="end"
              my="-0.5em"
            >
              {['2K', '1.5K', '1K', '0.5K', '0'].map((label) => (
                <Text key={label} lineHeight="1">
                  {label}
                </Text>
              ))}
            </Flex>
            <Box position="relative" h="140px">
              {[0, 25, 50, 75, 100].map((top) => (
                <Box
                  key={top}
                  position="absolute"
                  insetX="0"
                  borderTopWidth="1px"
                  borderColor="gray.200"
                  style={{ top: `${top}%` }}
                />
              ))}
              <svg
                viewBox="0 0 100 100"
                preserveAspectRatio="none"
                width="100%"
                height="100%"
                style={{ position: 'absolute', inset: 0, overflow: 'visible' }}
              >
                <path d={area} fill="#1A2BB2" fillOpacity="0.12" />
                <path
                  d={line}
                  fill="none"
                  stroke="#1A2BB2"
                  strokeWidth="3"
                  strokeLinejoin="round"
                  vectorEffect="non-scaling-stroke"
                />
              </svg>
              {DAILY.map((d, i) => (
                <Box
                  key={d.day}
                  position="absolute"
                  boxSize="2.5"
                  rounded="full"
                  bg="white"
                  borderWidth="2px"
                  borderColor="brand.500"
                  transform="translate(-50%, -50%)"
                  style={{ left: `${px(i)}%`, top: `${py(d.scans)}%` }}
                />
              ))}
            </Box>
            <Box />
            <Flex justify="space-between" fontSize="xs" color="gray.600" mt="1">
              {DAILY.map((d) => (
                <Text key={d.day}>{d.day}</Text>
              ))}
            </Flex>
          </Grid>
        </Box>
        <Box>
          <Text fontSize="sm" fontWeight="medium" color="gray.700" mb="2">
            Scans by hour of day
          </Text>
          <HStack align="flex-end" gap="2px" h="140px" borderBottomWidth="1px" borderColor="gray.300">
            {HOURS.map((v, hour) => (
              <Box
                key={hour}
                flex="1"
                roundedTop="sm"
                bg={hour === peakHour ? 'brand.500' : 'brand.100'}
                style={{ height: `${(v / Math.max(...HOURS)) * 100}%` }}
              />
            ))}
          </HStack>
          <HStack justify="space-between" fontSize="xs" color="gray.600" mt="1">
            <Text>0:00</Text>
            <Text>12:00</Text>
            <Text>23:00</Text>
          </HStack>
        </Box>
      </Grid>
    </ChartCard>
  );
}

const TOTALS = [
  { label: 'Total scans', value: '10,710' },
  { label: 'Unique visitors', value: '7,482' },
  { label: 'Countries', value: '34' },
  { label: 'Top operating system', value: 'iOS' },
];

/** The analytics dashboard picture. */
export function AnalyticsPreview() {
  return (
    <Box bg="gray.50" borderWidth="1px" borderColor="gray.200" rounded="2xl" p={{ base: '3', md: '6' }} shadow="md">
      <HStack justify="space-between" flexWrap="wrap" gap="2" mb="4">
        <Text fontWeight="semibold" color="gray.900">
          Campaign overview · last 7 days
        </Text>
        <Text fontSize="sm" color="gray.600">
          Illustrative sample data
        </Text>
      </HStack>
      <Grid as="dl" templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="3" mt="0" mx="0" mb="4">
        {TOTALS.map((t) => (
          <Box key={t.label} bg="white" borderWidth="1px" borderColor="gray.200" rounded="lg" p="3">
            <Text as="dt" fontSize="sm" color="gray.600">
              {t.label}
            </Text>
            <Text as="dd" m="0" fontSize="2xl" fontWeight="bold" color="gray.900">
              {t.value}
            </Text>
          </Box>
        ))}
      </Grid>
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4" mt="4">
        <GeographicChart />
        <DeviceChart />
        <TimeChart />
      </Grid>
    </Box>
  );
}
