import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { usePageHead } from '../components/usePageHead.ts';
import { ArrowLeftIcon } from '../components/icons.tsx';
import { BulkCreatePanel } from '../features/bulk/BulkCreatePanel.tsx';
import { Footer } from '../features/site/Footer.tsx';

/** `/create/bulk`: many codes from a spreadsheet, in one ZIP (and, signed in, saved in one go). */
export function BulkCreatePage() {
  usePageHead('/create/bulk');
  return (
    <Box minH="100vh" bg="gray.50">
      <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.200">
        <Flex maxW="7xl" mx="auto" px={{ base: '3', md: '6' }} h="16" align="center" gap="2">
          <Button asChild variant="ghost" size="sm">
            <RouterLink to="/create">
              <ArrowLeftIcon />
              Back to the generator
            </RouterLink>
          </Button>
        </Flex>
      </Box>
      <Box as="main" id="main-content" maxW="5xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <Box textAlign="center" mb="8">
          <Heading as="h1" fontSize={{ base: '2xl', md: '4xl' }} color="gray.900">
            Bulk QR Code Generator
          </Heading>
          <Text mt="3" color="gray.700">
            Upload a spreadsheet, check every row, and download all the codes in one ZIP.
          </Text>
        </Box>
        <BulkCreatePanel />
      </Box>
      <Footer />
    </Box>
  );
}
