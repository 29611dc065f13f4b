import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Button, Center, Flex, HStack, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { DashboardPageHeader } from '../../components/DashboardPageHeader.tsx';
import { FormError } from '../../components/FormError.tsx';
import { CreateCodeButton } from '../../components/CreateCodeButton.tsx';
import { CalendarIcon, ChartIcon, QrLogoIcon, TrendIcon } from '../../components/icons.tsx';
import { SUMMARY_CARDS, type SummaryCard } from '../../content/dashboard.ts';
import { useTimeZone } from '../settings/useTimeZone.ts';
import { CodeIconActions } from '../codes/CodeActions.tsx';
import { createdDate, scansLabel, typeLabel, uniqueScansLabel, type SavedCode } from '../codes/codeModel.ts';
import { summaryCards, type OverviewCard } from '../codes/dashboardSummary.ts';
import { EditCodeDialog } from '../codes/EditCodeDialog.tsx';
import { LoadSampleButton } from '../codes/LoadSampleButton.tsx';
import { loadOverview } from '../codes/loadOverview.ts';
import { useCodesQuery } from '../codes/useCodesQuery.ts';
import { useEditCodeDialog } from '../codes/useEditCodeDialog.ts';

const CARD_ICONS: Record<SummaryCard['icon'], typeof ChartIcon> = {
  qr: QrLogoIcon,
  scans: ChartIcon,
  campaigns: CalendarIcon,
  daily: TrendIcon,
};

function SummaryCards({ cards }: { cards: readonly OverviewCard[] }) {
  return (
    <SimpleGrid
      as="ul"
      columns={{ base: 2, xl: 4 }}
      gap={{ base: '3', md: '4' }}
      listStyleType="none"
      m="0"
      p="0"
      aria-label="Summary"
    >
      {cards.map((card) => {
        const Icon = CARD_ICONS[card.icon];
        return (
          <Box
            as="li"
            key={card.title}
            bg="white"
            borderWidth="1px"
            borderColor="gray.200"
            rounded="xl"
            p={{ base: '4', md: '5' }}
          >
            <HStack justify="space-between" align="flex-start">
              <Text fontSize="sm" fontWeight="medium" color="gray.700">
                {card.title}
              </Text>
              <Box color="brand.500">
                <Icon size={20} />
              </Box>
            </HStack>
            <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" color="gray.900" mt="2">
              {card.value}
            </Text>
            {card.unique && (
              <Text fontSize="sm" fontWeight="medium" color="gray.700">
                {card.unique}
              </Text>
            )}
            <Text fontSize="sm" color="gray.600">
              {card.note}
            </Text>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}

function RecentRow({ code, onEdit }: { code: SavedCode; onEdit: (code: SavedCode) => void }) {
  return (
    <Flex
      as="li"
      px="5"
      py="4"
      gap="4"
      align={{ base: 'flex-start', md: 'center' }}
      direction={{ base: 'column', md: 'row' }}
      borderTopWidth="1px"
      borderColor="gray.100"
      _first={{ borderTopWidth: '0' }}
    >
      <HStack gap="3" flex="1" minW="0">
        <Box p="2" rounded="lg" bg="brand.50" color="brand.500" flexShrink={0}>
          <QrLogoIcon size={22} />
        </Box>
        <Box minW="0">
          <Text fontWeight="semibold" color="gray.900">
            {code.name}
          </Text>
          <Text fontSize="sm" color="gray.600">
            {typeLabel(code.type)} · {scansLabel(code.scans)} · {uniqueScansLabel(code.uniqueScans)} ·{' '}
            <Box as="span" whiteSpace="nowrap">
              Created {createdDate(code.createdAt)}
            </Box>
          </Text>
        </Box>
      </HStack>
      <HStack gap="3">
        <Badge colorPalette={code.status === 'active' ? 'green' : 'orange'} variant="subtle">
          {code.status === 'active' ? 'Active' : 'Paused'}
        </Badge>
        <CodeIconActions code={code} onEdit={onEdit} />
      </HStack>
    </Flex>
  );
}

/** Dashboard overview (spec §2, §9): welcome line, Create QR Code, four summary cards, Recent QR Codes — real data. */
export function DashboardOverview() {
  const timeZone = useTimeZone();
  const overview = useCodesQuery(`overview|${timeZone}`, () => loadOverview(timeZone));
  const { edit, dialog: editDialog } = useEditCodeDialog();
  const empty = overview.status === 'ready' && overview.data.summary.total_codes === 0;

  return (
    <Stack gap="8" maxW="6xl">
      <DashboardPageHeader
        title="Dashboard"
        lead="Welcome back! Here's your QR code overview."
        actions={
          <HStack gap="2" wrap="wrap">
            <Button asChild variant="outline" colorPalette="brand">
              <RouterLink to="/create/bulk">Bulk create from CSV</RouterLink>
            </Button>
            <CreateCodeButton />
          </HStack>
        }
      />

      {overview.status === 'ready' && <SummaryCards cards={summaryCards(overview.data.summary)} />}
      {overview.status === 'loading' && (
        <SummaryCards cards={SUMMARY_CARDS.map((c) => ({ ...c, value: '–', note: 'Loading…' }))} />
      )}

      <Box
        as="section"
        aria-labelledby="recent-heading"
        bg="white"
        borderWidth="1px"
        borderColor="gray.200"
        rounded="xl"
      >
        <Box p="5" borderBottomWidth="1px" borderColor="gray.200">
          <HStack justify="space-between" gap="3" flexWrap="wrap">
            <Heading as="h2" id="recent-heading" fontSize="lg" color="gray.900">
              Recent QR Codes
            </Heading>
            {overview.status === 'ready' && !empty && (
              <Button asChild size="sm" variant="ghost" colorPalette="brand">
                <RouterLink to="/dashboard/qr-codes">View all</RouterLink>
              </Button>
            )}
          </HStack>
        </Box>
        {overview.status === 'loading' && (
          <Center py="10" gap="3" role="status">
            <Spinner color="brand.500" />
            <Text color="gray.700">Loading your QR codes…</Text>
          </Center>
        )}
        {overview.status === 'error' && (
          <Stack gap="3" p="5" align="flex-start">
            <FormError error={overview.error} />
            <Button variant="outline" onClick={overview.retry}>
              Try again
            </Button>
          </Stack>
        )}
        {empty && (
          <Stack gap="4" align="center" textAlign="center" px="6" py="10">
            <Heading as="h3" fontSize="md" color="gray.900">
              No QR codes yet
            </Heading>
            <Text color="gray.700" maxW="md">
              Save a code from the generator and its scans show up here. To look around first, load three sample codes
              with 90 days of sample scans.
            </Text>
            <LoadSampleButton />
          </Stack>
        )}
        {overview.status === 'ready' && !empty && (
          <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
            {overview.data.recent.map((code) => (
              <RecentRow key={code.id} code={code} onEdit={edit} />
            ))}
          </Stack>
        )}
      </Box>
      <EditCodeDialog {...editDialog} />
    </Stack>
  );
}
