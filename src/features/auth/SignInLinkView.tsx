import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { SIGN_IN_SUCCESS } from './authMessages.ts';
import { authLandingUrl } from './authRedirect.ts';
import { codeSchema, type CodeValues } from './authSchemas.ts';
import { CheckInbox } from './CheckInbox.tsx';
import { EmailOnlyForm } from './EmailOnlyForm.tsx';
import { FormTextField } from './FormTextField.tsx';
import { CODE_INVALID, SIGN_IN_LINK_SENT, mailErrorToast } from './recoveryMessages.ts';
import { showToast } from './showToast.ts';
import { getSupabase } from '../../lib/supabaseClient.ts';
import { useAfterAuthNavigate } from './useAuthRedirect.ts';

/** The 6-digit code of the mail, for reading it on another device than this one. */
function CodeForm({ email }: { email: string }) {
  const goOn = useAfterAuthNavigate();
  const { register, handleSubmit, formState } = useForm<CodeValues>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
  });
  const onValid = async ({ code }: CodeValues) => {
    const { error } = await getSupabase().auth.verifyOtp({ email, token: code, type: 'email' });
    if (error) {
      showToast(error.code === 'otp_expired' ? CODE_INVALID : mailErrorToast(error), 'error');
      return;
    }
    showToast(SIGN_IN_SUCCESS, 'success');
    goOn();
  };
  const onInvalid = (errors: typeof formState.errors) => {
    if (errors.code?.message) showToast({ title: 'Validation error', description: errors.code.message }, 'error');
  };
  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label="Sign in with a code">
      <Stack gap="4">
        <FormTextField
          label="6-digit code"
          autoComplete="one-time-code"
          invalid={Boolean(formState.errors.code)}
          registration={register('code')}
        />
        <Button type="submit" colorPalette="brand" loading={formState.isSubmitting} loadingText="Signing in...">
          Sign In with Code
        </Button>
      </Stack>
    </form>
  );
}

/** Sign-in without a password: a link and a code by mail (POST /otp; a new address gets an account). */
export function SignInLinkView({ onBack }: { onBack: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = async (email: string) => {
    const { error } = await getSupabase().auth.signInWithOtp({ email, options: { emailRedirectTo: authLandingUrl() } });
    if (error) {
      showToast(mailErrorToast(error), 'error');
      return;
    }
    showToast(SIGN_IN_LINK_SENT, 'success');
    setSentTo(email);
  };
  if (sentTo) {
    return (
      <Stack gap="4">
        <CheckInbox
          email={sentTo}
          what="We sent a sign-in link and a 6-digit code to"
          onResend={() => send(sentTo)}
          onBack={onBack}
        />
        <CodeForm email={sentTo} />
      </Stack>
    );
  }
  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        Sign in with a link
      </Heading>
      <Text color="fg.muted">We'll email you a link and a 6-digit code. No password needed.</Text>
      <EmailOnlyForm
        label="Email me a sign-in link"
        submitText="Email me a link"
        loadingText="Sending..."
        onSubmit={send}
      />
      <Button variant="ghost" onClick={onBack}>
        Back to Log In
      </Button>
    </Stack>
  );
}
