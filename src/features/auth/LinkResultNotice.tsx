import { Alert, Button, Stack } from '@chakra-ui/react';
import type { LinkResult } from './authLinkResult.ts';
import { linkErrorText } from './recoveryMessages.ts';

interface LinkResultNoticeProps {
  result: Extract<LinkResult, { kind: 'error' } | { kind: 'message' }>;
  onNewLink: () => void;
  onDismiss: () => void;
}

/** A mailed link that came back with an error (expired, used) or a half-done email change: never a blank page. */
export function LinkResultNotice({ result, onNewLink, onDismiss }: LinkResultNoticeProps) {
  if (result.kind === 'message') {
    return (
      <Stack gap="4">
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>One address confirmed</Alert.Title>
            <Alert.Description>{result.message}.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button variant="ghost" onClick={onDismiss}>
          Back to Log In
        </Button>
      </Stack>
    );
  }
  const text = linkErrorText(result.code, result.description);
  return (
    <Stack gap="4">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{text.title}</Alert.Title>
          <Alert.Description>{text.description}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button colorPalette="brand" onClick={onNewLink}>
        Send me a new link
      </Button>
      <Button variant="ghost" onClick={onDismiss}>
        Back to Log In
      </Button>
    </Stack>
  );
}
