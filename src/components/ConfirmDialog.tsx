import { useState, type ReactNode } from 'react';
import { Dialog, Stack, Text } from '@chakra-ui/react';
import { toDataError, type DataError } from '../lib/dataError.ts';
import { DialogActions } from './DialogActions.tsx';
import { DialogShell } from './DialogShell.tsx';
import { FormError } from './FormError.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What the action does and what cannot be undone. */
  warning: ReactNode;
  label: string;
  busyLabel: string;
  /** The action; a rejection is shown in the dialog, which stays open. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** A destructive action asked once more (role alertdialog): Cancel, or the red action with its busy state. */
export function ConfirmDialog({ open, title, warning, label, busyLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<DataError | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      setError(toDataError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogShell
      role="alertdialog"
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setError(null);
          onClose();
        }
      }}
    >
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <Text>{warning}</Text>
          <FormError error={error} />
        </Stack>
      </Dialog.Body>
      <DialogActions
        onCancel={onClose}
        label={label}
        busy={busy}
        busyLabel={busyLabel}
        tone="red"
        onAction={() => void confirm()}
      />
    </DialogShell>
  );
}
