import { useId } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Field, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { fieldsFor, type PayloadField } from '../../payload/index.ts';
import type { GeneratorAtoms } from './generatorAtoms.ts';

const INPUT_TYPE: Record<PayloadField['input'], string> = {
  url: 'url',
  text: 'text',
  textarea: 'text',
  tel: 'tel',
  email: 'email',
  select: 'text',
  'datetime-local': 'datetime-local',
  numeric: 'text',
};

/** The selected type's inputs (src/payload decides which), bound to the generator's draft. */
export function ContentForm({ atoms, error }: { atoms: GeneratorAtoms; error?: string }) {
  const type = useAtomValue(atoms.typeAtom);
  const values = useAtomValue(atoms.valuesAtom);
  const setValue = useSetAtom(atoms.setValueAtom);
  const idBase = useId();
  const fields = fieldsFor(type);

  return (
    <Stack gap="3">
      {fields.map((field, index) => {
        const value = values[field.name] ?? (field.input === 'select' ? (field.options?.[0]?.value ?? '') : '');
        const id = `${idBase}-${field.name}`;
        const showError = index === 0 && error;
        return (
          <Field.Root key={`${type}-${field.name}`} required={field.required} invalid={Boolean(showError)}>
            <Field.Label htmlFor={id}>
              {field.label}
              {field.required && <Field.RequiredIndicator />}
            </Field.Label>
            {field.input === 'textarea' ? (
              <Textarea
                id={id}
                value={value}
                placeholder={field.placeholder}
                rows={type === 'text' ? 5 : 3}
                onChange={(e) => setValue({ name: field.name, value: e.target.value })}
              />
            ) : field.input === 'select' ? (
              <NativeSelect.Root>
                <NativeSelect.Field
                  id={id}
                  value={value}
                  onChange={(e) => setValue({ name: field.name, value: e.target.value })}
                >
                  {field.options?.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            ) : (
              <Input
                id={id}
                type={INPUT_TYPE[field.input]}
                inputMode={field.input === 'numeric' ? 'numeric' : undefined}
                value={value}
                placeholder={field.placeholder}
                onChange={(e) => setValue({ name: field.name, value: e.target.value })}
              />
            )}
            {type === 'text' && field.name === 'text' && (
              <Field.HelperText aria-live="polite">{value.length} characters</Field.HelperText>
            )}
            {field.hint && <Field.HelperText>{field.hint}</Field.HelperText>}
            {showError && <Field.ErrorText>{error}</Field.ErrorText>}
          </Field.Root>
        );
      })}
    </Stack>
  );
}
