import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { firstErrorMessage, registerFieldOrder, registerSchema, type RegisterValues } from './authSchemas.ts';
import { ACCOUNT_EXISTS, CONFIRM_EMAIL, SIGN_UP_SUCCESS, signUpErrorToast } from './authMessages.ts';
import { FormTextField } from './FormTextField.tsx';
import { showToast } from './showToast.ts';
import { getSupabase } from '../../lib/supabaseClient.ts';
import { useAfterAuthNavigate } from './useAuthRedirect.ts';
import { authLandingUrl } from './authRedirect.ts';
import { CheckInbox } from './CheckInbox.tsx';
import { CONFIRMATION_RESENT, mailErrorToast } from './recoveryMessages.ts';

export function RegisterForm() {
  const goOn = useAfterAuthNavigate();
  // With confirmation required: the address the confirmation mail went to ("Check your inbox", resend).
  const [awaiting, setAwaiting] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { fullName: '', email: '', password: '', confirmPassword: '' },
  });

  const onValid = async ({ fullName, email, password }: RegisterValues) => {
    const { data, error } = await getSupabase().auth.signUp({
      email,
      password,
      options: { emailRedirectTo: authLandingUrl(), data: { full_name: fullName.trim() } },
    });
    if (error) {
      showToast(signUpErrorToast(error), 'error');
      return;
    }
    // With email confirmation required the server answers an existing address with a user that has no
    // identities (anti-enumeration), and a new one with no session: neither signs in.
    if (data.user && data.user.identities?.length === 0) {
      showToast(ACCOUNT_EXISTS, 'error');
      return;
    }
    if (!data.session) {
      showToast(CONFIRM_EMAIL, 'info');
      setAwaiting(email);
      return;
    }
    showToast(SIGN_UP_SUCCESS, 'success');
    goOn();
  };

  const onInvalid = (errors: typeof formState.errors) => {
    const message = firstErrorMessage(errors, registerFieldOrder);
    if (message) showToast({ title: 'Validation error', description: message }, 'error');
  };

  const resend = async (email: string) => {
    const { error } = await getSupabase().auth.resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: authLandingUrl() },
    });
    showToast(error ? mailErrorToast(error) : CONFIRMATION_RESENT, error ? 'error' : 'success');
  };

  if (awaiting) {
    return (
      <CheckInbox
        email={awaiting}
        what="We sent a link to confirm your address to"
        onResend={() => resend(awaiting)}
        onBack={() => setAwaiting(null)}
      />
    );
  }

  const invalid = (field: keyof RegisterValues) => Boolean(formState.errors[field]);
  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label="Register">
      <Stack gap="4">
        <FormTextField
          label="Full Name"
          autoComplete="name"
          invalid={invalid('fullName')}
          registration={register('fullName')}
        />
        <FormTextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          invalid={invalid('email')}
          registration={register('email')}
        />
        <FormTextField
          label="Password"
          type="password"
          autoComplete="new-password"
          invalid={invalid('password')}
          registration={register('password')}
        />
        <FormTextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          invalid={invalid('confirmPassword')}
          registration={register('confirmPassword')}
        />
        <Button type="submit" colorPalette="brand" loading={formState.isSubmitting} loadingText="Creating account...">
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
