import { Box, Text } from '@chakra-ui/react';
import type { DataError } from '../lib/dataError.ts';

/** A server refusal inside a form or page, with what the user can do about it. */
export function FormError({ error }: { error: DataError | null }) {
  if (!error) return null;
  return (
    <Box role="alert" borderWidth="1px" borderColor="red.200" bg="red.50" color="red.800" rounded="md" px="3" py="2">
      <Text fontWeight="semibold">{error.message}</Text>
      {error.hint && <Text fontSize="sm">{error.hint}</Text>}
    </Box>
  );
}
