import { useId, type ReactNode } from 'react';
import { Box, Heading, Text } from '@chakra-ui/react';

export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Box
      as="section"
      aria-labelledby={id}
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="xl"
      p={{ base: '4', md: '6' }}
    >
      <Heading as="h2" id={id} fontSize="lg" color="gray.900">
        {title}
      </Heading>
      <Text color="gray.700" mt="1" mb="5">
        {description}
      </Text>
      {children}
    </Box>
  );
}
