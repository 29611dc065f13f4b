import type { ReactNode } from 'react';
import { Box, Heading, Stack } from '@chakra-ui/react';

/** One titled part of the Scan rules panel, a region named by its title. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" borderColor="gray.200" rounded="md" p="3">
      <Heading as="h3" size="sm" mb="2">
        {title}
      </Heading>
      <Stack gap="3">{children}</Stack>
    </Box>
  );
}
