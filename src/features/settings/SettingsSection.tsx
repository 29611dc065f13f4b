import { useId, type ReactNode } from 'react';
import { Box, Heading, Text } from '@chakra-ui/react';

export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  /** The section's fragment (`/dashboard/settings#time-zone`), for links from other pages. */
  id?: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Box
      as="section"
      id={id}
      aria-labelledby={headingId}
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="xl"
      p={{ base: '4', md: '6' }}
    >
      <Heading as="h2" id={headingId} fontSize="lg" color="gray.900">
        {title}
      </Heading>
      <Text color="gray.700" mt="1" mb="5">
        {description}
      </Text>
      {children}
    </Box>
  );
}
