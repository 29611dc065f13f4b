import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@chakra-ui/react';
import { emailSchema, type EmailValues } from './authSchemas.ts';
import { FormTextField } from './FormTextField.tsx';
import { showToast } from './showToast.ts';

interface EmailOnlyFormProps {
  label: string;
  submitText: string;
  loadingText: string;
  onSubmit: (email: string) => Promise<void>;
}

/** One email field and a button: the reset-password and sign-in-link requests. */
export function EmailOnlyForm({ label, submitText, loadingText, onSubmit }: EmailOnlyFormProps) {
  const { register, handleSubmit, formState } = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    defaultValues: { email: '' },
  });
  const onInvalid = (errors: typeof formState.errors) => {
    const message = errors.email?.message;
    if (message) showToast({ title: 'Validation error', description: message }, 'error');
  };
  return (
    <form onSubmit={handleSubmit(({ email }) => onSubmit(email), onInvalid)} noValidate aria-label={label}>
      <Stack gap="4">
        <FormTextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          invalid={Boolean(formState.errors.email)}
          registration={register('email')}
        />
        <Button type="submit" colorPalette="brand" loading={formState.isSubmitting} loadingText={loadingText}>
          {submitText}
        </Button>
      </Stack>
    </form>
  );
}
