import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@chakra-ui/react';

interface CheckInboxProps {
  email: string;
  what: string;
  /** Sends the mail again; absent when there is nothing to resend. */
  onResend?: () => Promise<void>;
  onBack: () => void;
}

/** The "Check your inbox" state after a mail was requested, with a resend button and the way back. */
export function CheckInbox({ email, what, onResend, onBack }: CheckInboxProps) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      await onResend?.();
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="4">
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Check your inbox</Alert.Title>
          <Alert.Description>
            {what} <Text as="strong">{email}</Text>. Links and codes work once, for one hour.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {onResend && (
        <Button variant="outline" onClick={() => void resend()} loading={sending} loadingText="Sending...">
          Send it again
        </Button>
      )}
      <Button variant="ghost" onClick={onBack}>
        Back to Log In
      </Button>
    </Stack>
  );
}
