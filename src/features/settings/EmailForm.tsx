import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@supabase/supabase-js';
import { Button, Stack, Text } from '@chakra-ui/react';
import { toDataError } from '../../lib/dataError.ts';
import { emailSchema, type EmailValues } from '../auth/authSchemas.ts';
import { EMAIL_CHANGE_SENT, mailErrorToast } from '../auth/recoveryMessages.ts';
import { showToast } from '../auth/showToast.ts';
import { SettingsField } from './SettingsField.tsx';
import { requestEmailChange } from './settingsApi.ts';

/**
 * New address → `requestEmailChange` (settingsApi.ts). Nothing changes until it is confirmed by mail, with links
 * to the current and to the new address; the server's rate limits get their own title.
 */
export function EmailForm({ user }: { user: User }) {
  const { register, handleSubmit, formState, reset } = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    defaultValues: { email: '' },
  });
  const onValid = async ({ email }: EmailValues) => {
    try {
      await requestEmailChange(email);
    } catch (error) {
      const { message, serverCode } = toDataError(error);
      showToast(mailErrorToast({ message, code: serverCode }), 'error');
      return;
    }
    reset();
    showToast(EMAIL_CHANGE_SENT, 'success');
  };
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label="Change email">
      <Stack gap="4" maxW="md">
        <Text>
          Signed in as <Text as="strong">{user.email}</Text>.
        </Text>
        {user.new_email && (
          <Text color="fg.muted">
            Waiting for confirmation of <Text as="strong">{user.new_email}</Text>: follow the links in both mails.
          </Text>
        )}
        <SettingsField
          label="New email"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          registration={register('email')}
        />
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="start"
          loading={formState.isSubmitting}
          loadingText="Sending..."
        >
          Change email
        </Button>
      </Stack>
    </form>
  );
}
