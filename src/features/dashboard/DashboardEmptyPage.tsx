import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';

/** A dashboard page with its heading and an honest empty state (nothing is stored for the user yet). */
export function DashboardEmptyPage({
  title,
  lead,
  emptyTitle,
  emptyText,
  icon,
  showCreate = true,
}: {
  title: string;
  lead: string;
  emptyTitle: string;
  emptyText: string;
  icon: ReactNode;
  showCreate?: boolean;
}) {
  return (
    <Stack gap="6" maxW="6xl">
      <Box>
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} color="gray.900">
          {title}
        </Heading>
        <Text color="gray.700" mt="1">
          {lead}
        </Text>
      </Box>
      <Box
        as="section"
        aria-labelledby="empty-heading"
        bg="white"
        borderWidth="1px"
        borderStyle="dashed"
        borderColor="gray.300"
        rounded="xl"
        px="6"
        py="14"
        textAlign="center"
      >
        <Box display="inline-flex" p="4" rounded="full" bg="brand.50" color="brand.500" mb="4">
          {icon}
        </Box>
        <Heading as="h2" id="empty-heading" fontSize="lg" color="gray.900">
          {emptyTitle}
        </Heading>
        <Text color="gray.700" mt="2" maxW="md" mx="auto">
          {emptyText}
        </Text>
        {showCreate && (
          <Button asChild colorPalette="brand" mt="6">
            <RouterLink to="/create">Create QR Code</RouterLink>
          </Button>
        )}
      </Box>
    </Stack>
  );
}
