import { useState } from 'react';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { authLandingUrl } from './authRedirect.ts';
import { CheckInbox } from './CheckInbox.tsx';
import { EmailOnlyForm } from './EmailOnlyForm.tsx';
import { RESET_LINK_SENT, mailErrorToast } from './recoveryMessages.ts';
import { showToast } from './showToast.ts';
import { getSupabase } from '../../lib/supabaseClient.ts';

/** "Forgot password?": the address → POST /recover → "Check your inbox". The answer never says if it has an account. */
export function ForgotPasswordView({ onBack }: { onBack: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = async (email: string) => {
    const { error } = await getSupabase().auth.resetPasswordForEmail(email, { redirectTo: authLandingUrl() });
    if (error) {
      showToast(mailErrorToast(error), 'error');
      return;
    }
    showToast(RESET_LINK_SENT, 'success');
    setSentTo(email);
  };
  if (sentTo) {
    return (
      <CheckInbox
        email={sentTo}
        what="If an account uses this address, we sent a link to set a new password to"
        onResend={() => send(sentTo)}
        onBack={onBack}
      />
    );
  }
  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        Reset your password
      </Heading>
      <Text color="fg.muted">Enter your account's email address and we'll send you a link to set a new password.</Text>
      <EmailOnlyForm label="Reset password" submitText="Send reset link" loadingText="Sending..." onSubmit={send} />
      <Button variant="ghost" onClick={onBack}>
        Back to Log In
      </Button>
    </Stack>
  );
}
