import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@supabase/supabase-js';
import { Button, Stack, Text } from '@chakra-ui/react';
import { authLandingUrl } from '../auth/authRedirect.ts';
import { emailSchema, type EmailValues } from '../auth/authSchemas.ts';
import { EMAIL_CHANGE_SENT, mailErrorToast } from '../auth/recoveryMessages.ts';
import { showToast } from '../auth/showToast.ts';
import { getSupabase } from '../../lib/supabaseClient.ts';
import { SettingsField } from './SettingsField.tsx';

/**
 * New address → `updateUser({ email })`. Nothing changes until it is confirmed by mail: the server sends a link
 * to the current and to the new address (secure email change, contract R8); the links land on /auth.
 */
export function EmailForm({ user }: { user: User }) {
  const { register, handleSubmit, formState, reset } = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    defaultValues: { email: '' },
  });
  const onValid = async ({ email }: EmailValues) => {
    const { error } = await getSupabase().auth.updateUser({ email }, { emailRedirectTo: authLandingUrl() });
    if (error) {
      showToast(mailErrorToast(error), 'error');
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
