import { Stack } from '@chakra-ui/react';
import { usePageHead } from '../components/usePageHead.ts';
import { AnalyticsView } from '../features/analytics/AnalyticsView.tsx';
import { DashboardPageHeader } from '../components/DashboardPageHeader.tsx';

/** `/dashboard/analytics`: scans of the user's codes by time, country, device and operating system. */
export function DashboardAnalyticsPage() {
  usePageHead('/dashboard/analytics');
  return (
    <Stack gap="6" maxW="6xl">
      <DashboardPageHeader
        title="Analytics"
        lead="Scans of your saved QR codes by location, device, operating system and time."
      />
      <AnalyticsView />
    </Stack>
  );
}
