import type { ReactNode } from 'react';
import { Box, Heading, Text } from '@chakra-ui/react';

/** The top of a marketing page: the page's one h1 and a lead paragraph. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <Box bg="brand.50" py={{ base: '12', md: '16' }} px={{ base: '4', md: '6' }}>
      <Box maxW="3xl" mx="auto" textAlign="center">
        {eyebrow && (
          <Text
            fontWeight="semibold"
            color="brand.600"
            textTransform="uppercase"
            letterSpacing="wider"
            fontSize="sm"
            mb="2"
          >
            {eyebrow}
          </Text>
        )}
        <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1.15" color="gray.900">
          {title}
        </Heading>
        <Text mt="4" fontSize={{ base: 'md', md: 'lg' }} color="gray.700">
          {lead}
        </Text>
        {children}
      </Box>
    </Box>
  );
}

/** A section with a centred h2 title and optional lead. */
export function Section({
  id,
  title,
  lead,
  children,
  bg,
}: {
  id?: string;
  title: string;
  lead?: string;
  children: ReactNode;
  bg?: string;
}) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <Box
      as="section"
      id={id}
      aria-labelledby={headingId}
      bg={bg}
      py={{ base: '12', md: '20' }}
      px={{ base: '4', md: '6' }}
      scrollMarginTop="4rem"
    >
      <Box maxW="7xl" mx="auto">
        <Box maxW="2xl" mx="auto" textAlign="center" mb={{ base: '8', md: '12' }}>
          <Heading as="h2" id={headingId} fontSize={{ base: '2xl', md: '4xl' }} color="gray.900">
            {title}
          </Heading>
          {lead && (
            <Text mt="3" color="gray.700" fontSize={{ base: 'md', md: 'lg' }}>
              {lead}
            </Text>
          )}
        </Box>
        {children}
      </Box>
    </Box>
  );
}

/** Wraps page content below a PageHero. */
export function PageBody({ children }: { children: ReactNode }) {
  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '12', md: '16' }}>
      {children}
    </Box>
  );
}
