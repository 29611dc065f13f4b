import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSetAtom } from 'jotai';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { passwordRecoveryAtom } from './authLinkResult.ts';
import { newPasswordSchema, type NewPasswordValues } from './authSchemas.ts';
import { FormTextField } from './FormTextField.tsx';
import { PASSWORD_RESET_DONE } from './recoveryMessages.ts';
import { showToast } from './showToast.ts';
import { getSupabase } from '../../lib/supabaseClient.ts';
import { useAfterAuthNavigate } from './useAuthRedirect.ts';

/** "Set a new password": the reset link signed the visitor in (PASSWORD_RECOVERY); PUT /user sets the password. */
export function SetNewPasswordForm({ email }: { email: string }) {
  const goOn = useAfterAuthNavigate();
  const setRecovering = useSetAtom(passwordRecoveryAtom);
  const { register, handleSubmit, formState } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const onValid = async ({ password }: NewPasswordValues) => {
    const { error } = await getSupabase().auth.updateUser({ password });
    if (error) {
      showToast({ title: 'Password not changed', description: error.message }, 'error');
      return;
    }
    setRecovering(false);
    showToast(PASSWORD_RESET_DONE, 'success');
    goOn();
  };
  const onInvalid = (errors: typeof formState.errors) => {
    const message = errors.password?.message ?? errors.confirmPassword?.message;
    if (message) showToast({ title: 'Validation error', description: message }, 'error');
  };
  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        Set a new password
      </Heading>
      <Text color="fg.muted">
        For <Text as="strong">{email}</Text>. Other devices will be signed out.
      </Text>
      <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label="Set a new password">
        <Stack gap="4">
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <FormTextField
            label="New password"
            type="password"
            autoComplete="new-password"
            invalid={Boolean(formState.errors.password)}
            registration={register('password')}
          />
          <FormTextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            invalid={Boolean(formState.errors.confirmPassword)}
            registration={register('confirmPassword')}
          />
          <Button type="submit" colorPalette="brand" loading={formState.isSubmitting} loadingText="Saving...">
            Save new password
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
