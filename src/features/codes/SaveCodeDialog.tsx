import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, Field, Input, Stack, Text } from '@chakra-ui/react';
import { DialogActions } from '../../components/DialogActions.tsx';
import { DialogShell } from '../../components/DialogShell.tsx';
import { FormError } from '../../components/FormError.tsx';
import type { QrTypeId } from '../../content/qrTypes.ts';
import { toDataError, type DataError } from '../../lib/dataError.ts';
import type { CodeDesign, SavedCode } from './codeModel.ts';
import { saveCodeLogo } from './codeLogo.ts';
import { createCode, deleteCode } from './codesApi.ts';
import { saveCodeSchema, type SaveCodeValues } from './codeSchemas.ts';
import { KindRadio } from './KindRadio.tsx';

export interface SaveSource {
  type: QrTypeId;
  payload: string;
  design: CodeDesign;
  /** The logo file, stored with the code (codeLogo.ts). */
  logo: Blob | null;
  /** Null when the code can be dynamic, else why not. */
  dynamicBlocked: string | null;
  suggestedName: string;
}

interface SaveCodeDialogProps {
  open: boolean;
  source: SaveSource;
  onClose: () => void;
  onSaved: (code: SavedCode) => void;
}

/** Name + Dynamic/Static, then the insert into qr_codes and, with a logo, into code_logos: both or neither. */
export default function SaveCodeDialog({ open, source, onClose, onSaved }: SaveCodeDialogProps) {
  const [serverError, setServerError] = useState<DataError | null>(null);
  const { register, handleSubmit, control, formState } = useForm<SaveCodeValues>({
    resolver: zodResolver(saveCodeSchema),
    defaultValues: { name: source.suggestedName, kind: source.dynamicBlocked ? 'static' : 'dynamic' },
  });

  const onValid = async ({ name, kind }: SaveCodeValues) => {
    setServerError(null);
    const isDynamic = kind === 'dynamic' && source.dynamicBlocked === null;
    try {
      const code = await createCode({
        name,
        type: source.type,
        isDynamic,
        content: source.payload,
        destination: isDynamic ? source.payload.trim() : null,
        design: source.design,
      });
      if (source.logo) {
        try {
          await saveCodeLogo(code.id, source.logo);
        } catch (error) {
          // A code without the logo it was designed with is not what the user saved: take it back.
          await deleteCode(code.id).catch(() => undefined);
          throw error;
        }
      }
      onSaved(code);
    } catch (error) {
      setServerError(toDataError(error));
    }
  };

  return (
    <DialogShell open={open} onOpenChange={(next) => !next && onClose()}>
      <form onSubmit={handleSubmit(onValid)} noValidate aria-label="Save QR code">
        <Dialog.Header>
          <Dialog.Title>Save QR code</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <Field.Root invalid={Boolean(formState.errors.name)} required>
              <Field.Label>Name</Field.Label>
              <Input autoComplete="off" {...register('name')} />
              <Field.ErrorText>{formState.errors.name?.message}</Field.ErrorText>
            </Field.Root>
            <Controller
              control={control}
              name="kind"
              render={({ field }) => (
                <KindRadio value={field.value} onChange={field.onChange} dynamicBlocked={source.dynamicBlocked} />
              )}
            />
            <Text fontSize="sm" color="gray.700">
              Saved: the type, the content or destination, and the whole design (shape, colours, frame, frame text,
              error level, eyes, gradient, margin{source.logo ? ', and the logo' : ''}).
            </Text>
            <FormError error={serverError} />
          </Stack>
        </Dialog.Body>
        <DialogActions onCancel={onClose} label="Save" busy={formState.isSubmitting} busyLabel="Saving..." />
      </form>
    </DialogShell>
  );
}
