import { Stack } from '@chakra-ui/react';
import { usePageHead } from '../components/usePageHead.ts';
import { DashboardPageHeader } from '../components/DashboardPageHeader.tsx';
import { SettingsView } from '../features/settings/SettingsView.tsx';

/** `/dashboard/settings`. */
export function DashboardSettingsPage() {
  usePageHead('/dashboard/settings');
  return (
    <Stack gap="6" maxW="6xl">
      <DashboardPageHeader title="Settings" lead="Your profile, time zone, password and sessions." />
      <SettingsView />
    </Stack>
  );
}
