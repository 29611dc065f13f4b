import { Field, Input } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface TextFieldProps {
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  invalid: boolean;
  registration: UseFormRegisterReturn;
  placeholder?: string;
}

/** A labelled input bound to react-hook-form; `aria-invalid` marks the field the toast talks about. */
export function FormTextField({
  label,
  type = 'text',
  autoComplete,
  invalid,
  registration,
  placeholder,
}: TextFieldProps) {
  return (
    <Field.Root invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <Input type={type} autoComplete={autoComplete} placeholder={placeholder} {...registration} />
    </Field.Root>
  );
}
