import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, HStack, Stack } from '@chakra-ui/react';
import { firstErrorMessage, loginFieldOrder, loginSchema, type LoginValues } from './authSchemas.ts';
import { SIGN_IN_SUCCESS, signInErrorToast } from './authMessages.ts';
import { FormTextField } from './FormTextField.tsx';
import { showToast } from './showToast.ts';
import { getSupabase } from '../../lib/supabaseClient.ts';
import { useAfterAuthNavigate } from './useAuthRedirect.ts';

interface LoginFormProps {
  /** "Forgot password?" and the password-less sign-in, shown by the panel around the form. */
  onForgot: () => void;
  onSignInLink: () => void;
}

export function LoginForm({ onForgot, onSignInLink }: LoginFormProps) {
  const goOn = useAfterAuthNavigate();
  const { register, handleSubmit, formState } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onValid = async ({ email, password }: LoginValues) => {
    const { error } = await getSupabase().auth.signInWithPassword({ email, password });
    if (error) {
      showToast(signInErrorToast(error), 'error');
      return;
    }
    showToast(SIGN_IN_SUCCESS, 'success');
    goOn();
  };

  const onInvalid = (errors: typeof formState.errors) => {
    const message = firstErrorMessage(errors, loginFieldOrder);
    if (message) showToast({ title: 'Validation error', description: message }, 'error');
  };

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label="Log in">
      <Stack gap="4">
        <FormTextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          invalid={Boolean(formState.errors.email)}
          registration={register('email')}
        />
        <FormTextField
          label="Password"
          type="password"
          autoComplete="current-password"
          invalid={Boolean(formState.errors.password)}
          registration={register('password')}
        />
        <HStack justify="space-between">
          <Button type="button" variant="plain" size="sm" px="0" colorPalette="brand" onClick={onForgot}>
            Forgot password?
          </Button>
          <Button type="button" variant="plain" size="sm" px="0" colorPalette="brand" onClick={onSignInLink}>
            Email me a sign-in link
          </Button>
        </HStack>
        <Button type="submit" colorPalette="brand" loading={formState.isSubmitting} loadingText="Signing in...">
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
