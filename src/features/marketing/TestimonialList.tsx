import { Box, HStack, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { StarIcon } from '../../components/icons.tsx';
import { TESTIMONIALS } from '../../content/testimonials.ts';

/** Star rating that reads as text ("Rated 5 out of 5 stars") to assistive technology. */
export function StarRating({ rating, max = 5 }: { rating: number; max?: number }) {
  return (
    <HStack gap="0.5" role="img" aria-label={`Rated ${rating} out of ${max} stars`} color="yellow.500">
      {Array.from({ length: max }, (_, i) => (
        <StarIcon key={i} size={18} style={{ opacity: i < rating ? 1 : 0.25 }} />
      ))}
    </HStack>
  );
}

/** Three customer quotes, each with its five-star rating. */
export function TestimonialList({ headingLevel }: { headingLevel: 'h2' | 'h3' }) {
  return (
    <SimpleGrid as="ul" columns={{ base: 1, md: 3 }} gap="6" listStyleType="none" m="0" p="0">
      {TESTIMONIALS.map((t) => (
        <Box as="li" key={t.author} bg="white" borderWidth="1px" borderColor="gray.200" rounded="xl" p="6" shadow="xs">
          <Box as="figure" m="0" display="flex" flexDirection="column" gap="4" h="full">
            <StarRating rating={t.rating} />
            <Box as="blockquote" m="0" color="gray.800" fontSize="lg" flex="1">
              <Text>“{t.content}”</Text>
            </Box>
            <Box as="figcaption">
              <Heading as={headingLevel} fontSize="md" color="gray.900">
                {t.author}
              </Heading>
              <Text color="gray.600" fontSize="sm">
                {t.role}, {t.company}
              </Text>
            </Box>
          </Box>
        </Box>
      ))}
    </SimpleGrid>
  );
}
