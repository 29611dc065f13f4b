import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@chakra-ui/react';
import { toDataError } from '../../lib/dataError.ts';
import { showToast } from '../auth/showToast.ts';
import { SettingsField } from './SettingsField.tsx';
import { changePassword } from './settingsApi.ts';
import { passwordChangeSchema, type PasswordChangeValues } from './settingsSchemas.ts';

/**
 * New password + confirmation → `changePassword` (settingsApi.ts). The server signs out every other session of the
 * user (contract §6.3); its own message is shown on failure (same_password, weak_password, …).
 */
export function PasswordForm({ email }: { email: string }) {
  const { register, handleSubmit, formState, reset } = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onValid = async ({ password }: PasswordChangeValues) => {
    try {
      await changePassword(password);
    } catch (error) {
      showToast({ title: 'Password not changed', description: toDataError(error).message }, 'error');
      return;
    }
    reset();
    showToast(
      {
        title: 'Password changed',
        description: 'Use your new password next time. Other devices have been signed out.',
      },
      'success',
    );
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label="Change password">
      <Stack gap="4" maxW="md">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <SettingsField
          label="New password"
          type="password"
          autoComplete="new-password"
          helperText="At least 6 characters."
          error={formState.errors.password?.message}
          registration={register('password')}
        />
        <SettingsField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.confirmPassword?.message}
          registration={register('confirmPassword')}
        />
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="start"
          loading={formState.isSubmitting}
          loadingText="Changing..."
        >
          Change password
        </Button>
      </Stack>
    </form>
  );
}
