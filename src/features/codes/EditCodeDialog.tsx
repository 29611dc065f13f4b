import { useState, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router-dom';
import { Dialog, Field, HStack, Input, Link, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { DialogActions } from '../../components/DialogActions.tsx';
import { DialogShell } from '../../components/DialogShell.tsx';
import { FormError } from '../../components/FormError.tsx';
import { toaster } from '../../components/toaster.ts';
import { toDataError, type DataError } from '../../lib/dataError.ts';
import { ECL_OPTIONS, FRAME_OPTIONS, SHAPE_OPTIONS } from '../../qr-ui/index.ts';
import { editPagePath, shortUrl } from './codesConfig.ts';
import type { SavedCode } from './codeModel.ts';
import { updateCode } from './codesApi.ts';
import { editCodeSchema, type EditCodeValues } from './codeSchemas.ts';

function SelectField({
  label,
  registration,
  children,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  children: ReactNode;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field {...registration}>{children}</NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function valuesOf(code: SavedCode): EditCodeValues {
  return {
    name: code.name,
    isDynamic: code.isDynamic,
    hasPage: code.page !== null,
    destination: code.destination ?? '',
    content: code.content,
    ...code.design,
  };
}

function EditForm({
  code,
  onClose,
  onSaved,
}: {
  code: SavedCode;
  onClose: () => void;
  onSaved: (code: SavedCode) => void;
}) {
  const [serverError, setServerError] = useState<DataError | null>(null);
  const { register, handleSubmit, formState } = useForm<EditCodeValues>({
    resolver: zodResolver(editCodeSchema),
    defaultValues: valuesOf(code),
  });
  const { errors } = formState;

  const onValid = async (v: EditCodeValues) => {
    setServerError(null);
    try {
      // The design options the dialog does not edit (eyes, gradient, background, margin) are kept as saved.
      const design = {
        ...code.design,
        shape: v.shape,
        fg: v.fg.toUpperCase(),
        bg: v.bg.toUpperCase(),
        frame: v.frame,
        frameText: v.frameText,
        ecl: v.ecl,
      };
      const saved = await updateCode(
        code.id,
        // A hosted page's code has no destination: its page is edited in the page editor.
        code.page !== null
          ? { name: v.name, design }
          : code.isDynamic
            ? { name: v.name, destination: v.destination, design }
            : { name: v.name, content: v.content, design },
        code,
      );
      toaster.create({ title: 'Saved!', description: `“${saved.name}” was updated.`, type: 'success', closable: true });
      onSaved(saved);
    } catch (error) {
      setServerError(toDataError(error));
    }
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label="Edit QR code">
      <Dialog.Header>
        <Dialog.Title>Edit “{code.name}”</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root invalid={Boolean(errors.name)} required>
            <Field.Label>Name</Field.Label>
            <Input autoComplete="off" {...register('name')} />
            <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
          </Field.Root>
          {code.page !== null ? (
            <Text fontSize="sm" color="gray.800">
              Scans of{' '}
              <Text as="span" fontFamily="mono">
                {shortUrl(code.slug)}
              </Text>{' '}
              show a page we host.{' '}
              <Link asChild color="brand.700" textDecoration="underline">
                <RouterLink to={editPagePath(code.id)}>Edit the page</RouterLink>
              </Link>
            </Text>
          ) : code.isDynamic ? (
            <Field.Root invalid={Boolean(errors.destination)} required>
              <Field.Label>Destination URL</Field.Label>
              <Input type="url" autoComplete="url" {...register('destination')} />
              <Field.HelperText>
                The printed code stays{' '}
                <Text as="span" fontFamily="mono">
                  {shortUrl(code.slug)}
                </Text>
                ; scans go to the new destination at once.
              </Field.HelperText>
              <Field.ErrorText>{errors.destination?.message}</Field.ErrorText>
            </Field.Root>
          ) : (
            <Field.Root invalid={Boolean(errors.content)} required>
              <Field.Label>Content</Field.Label>
              <Textarea rows={4} {...register('content')} />
              <Field.HelperText>
                A static code holds this text itself: printed copies keep the old content.
              </Field.HelperText>
              <Field.ErrorText>{errors.content?.message}</Field.ErrorText>
            </Field.Root>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <SelectField label="Shape" registration={register('shape')}>
              {SHAPE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </SelectField>
            <SelectField label="Frame" registration={register('frame')}>
              {FRAME_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </SelectField>
            <SelectField label="Error level" registration={register('ecl')}>
              {ECL_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label} ({o.percent})
                </option>
              ))}
            </SelectField>
            <Field.Root invalid={Boolean(errors.frameText)}>
              <Field.Label>Frame text</Field.Label>
              <Input size="sm" placeholder="SCAN ME" {...register('frameText')} />
              <Field.ErrorText>{errors.frameText?.message}</Field.ErrorText>
            </Field.Root>
            <HStack gap="3">
              <Field.Root invalid={Boolean(errors.fg)}>
                <Field.Label>Foreground colour</Field.Label>
                <Input type="color" size="sm" p="1" {...register('fg')} />
              </Field.Root>
              <Field.Root invalid={Boolean(errors.bg)}>
                <Field.Label>Background colour</Field.Label>
                <Input type="color" size="sm" p="1" {...register('bg')} />
              </Field.Root>
            </HStack>
          </SimpleGrid>
          <FormError error={serverError} />
        </Stack>
      </Dialog.Body>
      <DialogActions onCancel={onClose} label="Save changes" busy={formState.isSubmitting} busyLabel="Saving..." />
    </form>
  );
}

/** Name, destination (dynamic) or content (static), and design of a saved code. */
export function EditCodeDialog({
  code,
  onClose,
  onSaved,
}: {
  code: SavedCode | null;
  onClose: () => void;
  onSaved: (code: SavedCode) => void;
}) {
  return (
    <DialogShell open={code !== null} onOpenChange={(open) => !open && onClose()} scrollBehavior="inside">
      {code && <EditForm key={code.id} code={code} onClose={onClose} onSaved={onSaved} />}
    </DialogShell>
  );
}
