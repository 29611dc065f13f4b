import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { usePageHead } from '../components/usePageHead.ts';
import { SettingsView } from '../features/settings/SettingsView.tsx';

/** `/dashboard/settings`. */
export function DashboardSettingsPage() {
  usePageHead('/dashboard/settings');
  return (
    <Stack gap="6" maxW="6xl">
      <Box>
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} color="gray.900">
          Settings
        </Heading>
        <Text color="gray.700" mt="1">
          Your profile, time zone, password and sessions.
        </Text>
      </Box>
      <SettingsView />
    </Stack>
  );
}
