import { Field, Input } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A labelled input with its validation message under it (announced with the field through aria-describedby). */
export function SettingsField({
  label,
  type = 'text',
  autoComplete,
  error,
  registration,
  helperText,
}: {
  label: string;
  type?: 'text' | 'password' | 'email';
  autoComplete: string;
  error?: string;
  registration: UseFormRegisterReturn;
  helperText?: string;
}) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input type={type} autoComplete={autoComplete} {...registration} />
      {helperText && !error && <Field.HelperText color="gray.700">{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
