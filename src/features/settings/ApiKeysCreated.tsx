import { useId } from 'react';
import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { toaster } from '../../components/toaster.ts';
import { apiBaseUrl, type CreatedApiKey } from './settingsApi.ts';

/** The new key, once, with a copy button and a first call to try. */
export function ApiKeysCreated({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const hintId = useId();
  const base = apiBaseUrl();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      toaster.create({
        title: 'Copied!',
        description: 'The API key is on your clipboard.',
        type: 'success',
        closable: true,
      });
    } catch {
      toaster.create({
        title: 'Copy failed',
        description: 'Select the key and copy it with your keyboard.',
        type: 'error',
        closable: true,
      });
    }
  };
  return (
    <Box role="status" borderWidth="1px" borderColor="green.300" bg="green.50" rounded="md" p="4">
      <Stack gap="3">
        <Field.Root>
          <Field.Label>New API key “{created.name}”</Field.Label>
          <HStack w="full">
            <Input
              readOnly
              value={created.key}
              fontFamily="mono"
              bg="white"
              aria-describedby={hintId}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button onClick={() => void copy()} colorPalette="brand">
              Copy
            </Button>
          </HStack>
        </Field.Root>
        <Text id={hintId} color="gray.800" fontSize="sm">
          Copy it now: it is shown only once. Try it with{' '}
          <Box as="code" fontFamily="mono" fontSize="xs" bg="gray.100" px="1" borderRadius="sm" wordBreak="break-all">
            curl -H "Authorization: Bearer {created.prefix}…" {base}/codes
          </Box>
          , and read the <a href={`${base}/docs`}>API reference</a>.
        </Text>
        <Button alignSelf="start" variant="outline" onClick={onDone}>
          Done
        </Button>
      </Stack>
    </Box>
  );
}
