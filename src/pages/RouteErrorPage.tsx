import { Link as RouterLink, useRouteError } from 'react-router-dom';
import { Box, Button, Heading, Text, VStack } from '@chakra-ui/react';
import { ROUTE_ERROR_ATTR } from '../app/prerendered.ts';

const routeErrorMark = { [ROUTE_ERROR_ATTR]: '' };

/** Shown instead of a blank screen when a route fails to load or render (e.g. a chunk went missing). */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'Something went wrong while loading this page.';
  return (
    <Box as="main" minH="100vh" display="flex" alignItems="center" justifyContent="center" p="6" {...routeErrorMark}>
      <VStack gap="4" textAlign="center" maxW="lg">
        <Heading as="h1" size="2xl">
          This page could not be shown
        </Heading>
        <Text color="gray.700">{message}</Text>
        <Button onClick={() => window.location.reload()} colorPalette="brand">
          Reload the page
        </Button>
        <Button asChild variant="ghost">
          <RouterLink to="/">Return to Home</RouterLink>
        </Button>
      </VStack>
    </Box>
  );
}
