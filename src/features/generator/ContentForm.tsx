import { useId } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Field, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { FieldHint } from '../../components/FieldHint.tsx';
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
        const counted = type === 'text' && field.name === 'text';
        // Hints are FieldHint, not Field.HelperText (see there), so the control names what describes it.
        const describedBy = [counted && `${id}-count`, field.hint && `${id}-hint`, showError && `${id}-error`]
          .filter(Boolean)
          .join(' ');
        const control = { id, 'aria-describedby': describedBy || undefined };
        return (
          <Field.Root
            key={`${type}-${field.name}`}
            required={field.required}
            invalid={Boolean(showError)}
            ids={{ errorText: `${id}-error` }}
          >
            <Field.Label htmlFor={id}>
              {field.label}
              {field.required && <Field.RequiredIndicator />}
            </Field.Label>
            {field.input === 'textarea' ? (
              <Textarea
                {...control}
                value={value}
                placeholder={field.placeholder}
                rows={type === 'text' ? 5 : 3}
                onChange={(e) => setValue({ name: field.name, value: e.target.value })}
              />
            ) : field.input === 'select' ? (
              <NativeSelect.Root>
                <NativeSelect.Field
                  {...control}
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
                {...control}
                type={INPUT_TYPE[field.input]}
                inputMode={field.input === 'numeric' ? 'numeric' : undefined}
                value={value}
                placeholder={field.placeholder}
                onChange={(e) => setValue({ name: field.name, value: e.target.value })}
              />
            )}
            {counted && (
              <FieldHint id={`${id}-count`} aria-live="polite">
                {value.length} characters
              </FieldHint>
            )}
            {field.hint && <FieldHint id={`${id}-hint`}>{field.hint}</FieldHint>}
            {showError && <Field.ErrorText>{error}</Field.ErrorText>}
          </Field.Root>
        );
      })}
    </Stack>
  );
}
