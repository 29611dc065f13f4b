import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { usePageHead } from '../components/usePageHead.ts';
import { AnalyticsView } from '../features/analytics/AnalyticsView.tsx';

/** `/dashboard/analytics`: scans of the user's codes by time, country, device and operating system. */
export function DashboardAnalyticsPage() {
  usePageHead('/dashboard/analytics');
  return (
    <Stack gap="6" maxW="6xl">
      <Box>
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} color="gray.900">
          Analytics
        </Heading>
        <Text color="gray.700" mt="1">
          Scans of your saved QR codes by location, device, operating system and time.
        </Text>
      </Box>
      <AnalyticsView />
    </Stack>
  );
}
