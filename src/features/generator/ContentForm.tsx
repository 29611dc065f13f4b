import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { atom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { Field, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { FieldHint } from '../../components/FieldHint.tsx';
import { fieldsFor, type PayloadField } from '../../payload/index.ts';
import type { GeneratorAtoms } from './generatorAtoms.ts';
import { MAX_CONTENT_FIELD_CHARS, roomFor } from './contentLimits.ts';

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

type ValueAtom = ReturnType<typeof valueAtomFor>;
const valueAtomFor = (atoms: GeneratorAtoms, name: PayloadField['name']) => atom((get) => get(atoms.valuesAtom)[name]);

/** The number itself: the only part of the form that follows each keystroke (length is O(1)). */
function LiveLength({ valueAtom }: { valueAtom: ValueAtom }) {
  return useAtomValue(valueAtom)?.length ?? 0;
}

/** The text field's character count; the styled hint around the number renders once. */
function CharCount({ id, valueAtom }: { id: string; valueAtom: ValueAtom }) {
  return (
    <FieldHint id={id} aria-live="polite">
      <LiveLength valueAtom={valueAtom} /> characters
    </FieldHint>
  );
}

interface ContentFieldProps {
  atoms: GeneratorAtoms;
  field: PayloadField;
  id: string;
  counted: boolean;
  rows: number;
  error: string | undefined;
}

/**
 * One input, uncontrolled: the browser keeps its text, and a keystroke or a paste only writes the draft atom. A
 * controlled field re-rendered the form on every key, and React wrote a textarea's whole text back into the DOM
 * (its defaultValue) each time: pasting 200,000 characters froze the tab for 9 s (issue 35). Changes made
 * elsewhere (the stored draft, a type that clears the content) are copied into the element by a subscription.
 */
const ContentField = memo(function ContentField({ atoms, field, id, counted, rows, error }: ContentFieldProps) {
  const store = useStore();
  const setValue = useSetAtom(atoms.setValueAtom);
  const valueAtom = useMemo(() => valueAtomFor(atoms, field.name), [atoms, field.name]);
  const fallback = field.input === 'select' ? (field.options?.[0]?.value ?? '') : '';
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>(null);
  /** The string this element last wrote: the atom holding it needs no copy back (an identity check, not O(n)). */
  const written = useRef<string | null>(null);
  const [initial] = useState(() => store.get(valueAtom) ?? fallback);

  useEffect(() => {
    const sync = () => {
      const value = store.get(valueAtom) ?? fallback;
      const el = ref.current;
      if (!el || value === written.current) return;
      written.current = null;
      if (el.value !== value) el.value = value;
    };
    sync();
    return store.sub(valueAtom, sync);
  }, [store, valueAtom, fallback]);

  // A paste longer than the field takes: the browser's maxLength cuts it before it is laid out (a 1,000,000-character
  // paste then costs a few ms, against seconds for laying out the whole text), and the field says what it kept.
  const [cut, setCut] = useState<string | null>(null);
  const onPaste = (e: { clipboardData: DataTransfer; currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
    const pasted = e.clipboardData.getData('text/plain').length;
    const room = roomFor(e.currentTarget);
    if (pasted <= room) setCut(null);
    else void import('./pasteCutNotice.ts').then((m) => setCut(m.pasteCutNotice(pasted, room)));
  };
  const onChange = (e: { target: { value: string } }) => {
    const value = e.target.value;
    written.current = value;
    if (cut !== null && value.length < MAX_CONTENT_FIELD_CHARS) setCut(null);
    setValue({ name: field.name, value });
  };
  const describedBy = [counted && `${id}-count`, field.hint && `${id}-hint`, cut && `${id}-cut`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  const control = { id, defaultValue: initial, onChange, 'aria-describedby': describedBy || undefined };
  const typed = { maxLength: MAX_CONTENT_FIELD_CHARS, onPaste };
  return (
    <Field.Root required={field.required} invalid={Boolean(error)} ids={{ errorText: `${id}-error` }}>
      <Field.Label htmlFor={id}>
        {field.label}
        {field.required && <Field.RequiredIndicator />}
      </Field.Label>
      {field.input === 'textarea' ? (
        <Textarea ref={ref} {...control} {...typed} placeholder={field.placeholder} rows={rows} />
      ) : field.input === 'select' ? (
        <NativeSelect.Root>
          <NativeSelect.Field ref={ref} {...control}>
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
          ref={ref}
          {...control}
          {...typed}
          type={INPUT_TYPE[field.input]}
          inputMode={field.input === 'numeric' ? 'numeric' : undefined}
          placeholder={field.placeholder}
        />
      )}
      {counted && <CharCount id={`${id}-count`} valueAtom={valueAtom} />}
      {field.hint && <FieldHint id={`${id}-hint`}>{field.hint}</FieldHint>}
      {cut && (
        <FieldHint id={`${id}-cut`} role="status">
          {cut}
        </FieldHint>
      )}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
});

/** The selected type's inputs (src/payload decides which), bound to the generator's draft. */
export function ContentForm({ atoms, error }: { atoms: GeneratorAtoms; error?: string }) {
  const type = useAtomValue(atoms.typeAtom);
  const idBase = useId();
  return (
    <Stack gap="3">
      {fieldsFor(type).map((field, index) => (
        <ContentField
          key={`${type}-${field.name}`}
          atoms={atoms}
          field={field}
          id={`${idBase}-${field.name}`}
          counted={type === 'text' && field.name === 'text'}
          rows={type === 'text' ? 5 : 3}
          error={index === 0 ? error : undefined}
        />
      ))}
    </Stack>
  );
}
