// The editor's building blocks: a labelled field bound to the form by name (its error from the shared schema under
// it), the logo and colour pair every page has, and the move/remove buttons of a list row. Each field subscribes to its own
// error only (useFormState with a name), so typing re-renders the field typed in, not the form.
import type { ReactNode } from 'react';
import { get, useFormContext, useFormState } from 'react-hook-form';
import { Box, Button, Field, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { PictureField } from './PictureField.tsx';

interface PageFieldProps {
  name: string;
  label: string;
  required?: boolean;
  multiline?: boolean;
  type?: 'text' | 'url' | 'tel' | 'email' | 'datetime-local' | 'time' | 'date';
  placeholder?: string;
  hint?: string;
  autoComplete?: string;
  /** Where the schema reports this field's problem when it is not `name` (an email row's is the row itself). */
  errorName?: string;
}

export function PageField({
  name,
  label,
  required,
  multiline,
  type = 'text',
  placeholder,
  hint,
  autoComplete,
  errorName = name,
}: PageFieldProps) {
  const { register } = useFormContext();
  const { errors } = useFormState({ name: errorName });
  const message = (get(errors, errorName) as { message?: string } | undefined)?.message;
  const control = { ...register(name), placeholder, autoComplete: autoComplete ?? 'off' };
  return (
    <Field.Root invalid={Boolean(message)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {multiline ? <Textarea rows={3} {...control} /> : <Input type={type} {...control} />}
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
      <Field.ErrorText>{message}</Field.ErrorText>
    </Field.Root>
  );
}

/**
 * A fieldset named by its legend (role group). Plain elements rather than Chakra's Fieldset: the generator's first
 * paint shares Chakra's chunks, and a component used here for the first time splits them (e2e/fixtures/budgets.ts).
 */
export function Group({ legend, children, boxed }: { legend: string; children: ReactNode; boxed?: boolean }) {
  return (
    <Box
      as="fieldset"
      minW="0"
      m="0"
      {...(boxed ? { borderWidth: '1px', borderColor: 'gray.200', rounded: 'md', p: '3' } : { p: '0', border: '0' })}
    >
      <Box as="legend" fontSize="sm" fontWeight="semibold" px={boxed ? '1' : '0'} mb="2">
        {legend}
      </Box>
      <Stack gap="2">{children}</Stack>
    </Box>
  );
}

/**
 * What every page type has: the owner's logo at the top (optional) and the page's background and button colours
 * (its text is black or white, whichever reads better).
 */
export function ThemeFields() {
  const { register } = useFormContext();
  return (
    <>
      <PictureField name="logo" label="Your logo (optional)" removeLabel="Remove the logo" />
      <Group legend="Colours">
        <SimpleGrid columns={2} gap="3">
          <Field.Root>
            <Field.Label>Background colour</Field.Label>
            <Input type="color" p="1" {...register('theme.background')} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Button colour</Field.Label>
            <Input type="color" p="1" {...register('theme.accent')} />
          </Field.Root>
        </SimpleGrid>
      </Group>
    </>
  );
}

interface RowProps {
  /** "Link 2", "Item 1 of Starters": the row's legend and the buttons' names. */
  legend: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  children: ReactNode;
}

/**
 * One row of a list (a link, a phone, a menu item) as a fieldset named by its legend, with Up, Down and Remove
 * (named "Move Link 2 up" and so on: the visible word is part of the name, as WCAG 2.5.3 asks). The buttons at the ends stay focusable (aria-disabled, not disabled): a row moved to the top keeps the
 * keyboard focus on the button just pressed instead of dropping it to the page.
 */
export function ListRow({ legend, index, count, onMove, onRemove, children }: RowProps) {
  const first = index === 0;
  const last = index === count - 1;
  return (
    <Group legend={legend} boxed>
      {children}
      <HStack gap="2" wrap="wrap">
        <Button
          size="xs"
          variant="outline"
          aria-label={`Move ${legend} up`}
          aria-disabled={first}
          onClick={() => !first && onMove(index, index - 1)}
        >
          ↑ Up
        </Button>
        <Button
          size="xs"
          variant="outline"
          aria-label={`Move ${legend} down`}
          aria-disabled={last}
          onClick={() => !last && onMove(index, index + 1)}
        >
          ↓ Down
        </Button>
        <Button size="xs" variant="outline" colorPalette="red" aria-label={`Remove ${legend}`} onClick={onRemove}>
          Remove
        </Button>
      </HStack>
    </Group>
  );
}

/** "Add link" under a list; hidden at the list's limit, with the limit said instead. */
export function AddRowButton({
  label,
  full,
  limit,
  onAdd,
}: {
  label: string;
  full: boolean;
  limit: string;
  onAdd: () => void;
}) {
  return full ? (
    <Text fontSize="sm" color="gray.700">
      {limit}
    </Text>
  ) : (
    <Button size="sm" variant="outline" alignSelf="start" onClick={onAdd}>
      {label}
    </Button>
  );
}
