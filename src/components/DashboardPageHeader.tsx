import type { ReactNode } from 'react';
import { Box, Flex, Heading, Text } from '@chakra-ui/react';

/**
 * The top of every dashboard page: its one h1 and a line about it, with the page's main actions beside them
 * (under them on small screens).
 */
export function DashboardPageHeader({ title, lead, actions }: { title: string; lead: string; actions?: ReactNode }) {
  const heading = (
    <Box>
      <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} color="gray.900">
        {title}
      </Heading>
      <Text color="gray.700" mt="1">
        {lead}
      </Text>
    </Box>
  );
  if (!actions) return heading;
  return (
    <Flex
      justify="space-between"
      align={{ base: 'stretch', sm: 'center' }}
      direction={{ base: 'column', sm: 'row' }}
      gap="4"
    >
      {heading}
      {actions}
    </Flex>
  );
}
