import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { STEPS } from '../../content/features.ts';

/** The three steps: choose the QR type, customise the design, track and analyse. */
export function StepList({ headingLevel }: { headingLevel: 'h2' | 'h3' }) {
  return (
    <SimpleGrid as="ol" columns={{ base: 1, md: 3 }} gap="8" listStyleType="none" m="0" p="0">
      {STEPS.map((step, index) => (
        <Box as="li" key={step.title} textAlign="center" px="4">
          <Box
            mx="auto"
            mb="4"
            boxSize="14"
            rounded="full"
            bg="brand.500"
            color="white"
            display="flex"
            alignItems="center"
            justifyContent="center"
            fontSize="xl"
            fontWeight="bold"
            aria-hidden="true"
          >
            {index + 1}
          </Box>
          <Heading as={headingLevel} fontSize="xl" color="gray.900" mb="2">
            <Box as="span" srOnly>{`Step ${index + 1}: `}</Box>
            {step.title}
          </Heading>
          <Text color="gray.700">{step.description}</Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
