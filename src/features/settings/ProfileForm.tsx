import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Field, Input, Stack } from '@chakra-ui/react';
import type { User } from '@supabase/supabase-js';
import { toDataError } from '../../lib/dataError.ts';
import { showToast } from '../auth/showToast.ts';
import { SettingsField } from './SettingsField.tsx';
import { saveFullName } from './settingsApi.ts';
import { fullNameOf, profileSchema, type ProfileValues } from './settingsSchemas.ts';

/** Full name in user_metadata.full_name (PUT /auth/v1/user merges `data` into the metadata); email read-only. */
export function ProfileForm({ user }: { user: User }) {
  const { register, handleSubmit, formState, reset } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: { fullName: fullNameOf(user.user_metadata) },
  });

  const onValid = async ({ fullName }: ProfileValues) => {
    let saved: User | null;
    try {
      saved = await saveFullName(fullName);
    } catch (error) {
      showToast({ title: 'Profile not saved', description: toDataError(error).message }, 'error');
      return;
    }
    reset({ fullName: fullNameOf(saved?.user_metadata) || fullName });
    showToast({ title: 'Profile updated', description: 'Your name has been saved.' }, 'success');
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label="Profile">
      <Stack gap="4" maxW="md">
        <SettingsField
          label="Full name"
          autoComplete="name"
          error={formState.errors.fullName?.message}
          registration={register('fullName')}
        />
        <Field.Root readOnly>
          <Field.Label>Email</Field.Label>
          <Input value={user.email ?? ''} readOnly autoComplete="email" bg="gray.50" />
          <Field.HelperText color="gray.700">Your sign-in address. It cannot be changed here.</Field.HelperText>
        </Field.Root>
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="start"
          loading={formState.isSubmitting}
          loadingText="Saving..."
        >
          Save profile
        </Button>
      </Stack>
    </form>
  );
}
