import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Box, Button, Heading, Text, VStack } from '@chakra-ui/react';
import { usePageHead } from '../components/usePageHead.ts';

export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageHead('*');
  useEffect(() => {
    // Spec §2 (404): the path is logged to the console, so broken links show up in support logs.
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <Box as="main" minH="100vh" display="flex" alignItems="center" justifyContent="center" bg="gray.50" p="6">
      <VStack gap="4" textAlign="center">
        <Heading as="h1" size="5xl">
          404
        </Heading>
        <Text fontSize="xl" color="gray.700">
          Oops! Page not found
        </Text>
        <Button asChild colorPalette="brand" variant="solid">
          <RouterLink to="/">Return to Home</RouterLink>
        </Button>
      </VStack>
    </Box>
  );
}
