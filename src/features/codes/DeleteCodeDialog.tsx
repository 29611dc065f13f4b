import { useState } from 'react';
import { Dialog, Stack, Text } from '@chakra-ui/react';
import { DialogActions } from '../../components/DialogActions.tsx';
import { DialogShell } from '../../components/DialogShell.tsx';
import { FormError } from '../../components/FormError.tsx';
import { toaster } from '../../components/toaster.ts';
import { toDataError, type DataError } from '../../lib/dataError.ts';
import type { SavedCode } from './codeModel.ts';
import { deleteCode } from './codesApi.ts';

/** Confirmation before a code and its scans are deleted for good. */
export function DeleteCodeDialog({
  code,
  onClose,
  onDeleted,
}: {
  code: SavedCode | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<DataError | null>(null);
  const confirm = async () => {
    if (!code) return;
    setBusy(true);
    setError(null);
    try {
      await deleteCode(code.id);
      toaster.create({ title: 'Deleted', description: `“${code.name}” was deleted.`, type: 'success', closable: true });
      onDeleted();
    } catch (e) {
      setError(toDataError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogShell
      role="alertdialog"
      open={code !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(null);
          onClose();
        }
      }}
    >
      <Dialog.Header>
        <Dialog.Title>Delete “{code?.name}”?</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <Text>
            The code and its scan history are deleted for good.
            {code?.isDynamic &&
              ' Printed copies of this dynamic code will stop working: scanning them shows a “not found” page.'}
          </Text>
          <FormError error={error} />
        </Stack>
      </Dialog.Body>
      <DialogActions
        onCancel={onClose}
        label="Delete"
        busy={busy}
        busyLabel="Deleting..."
        tone="red"
        onAction={() => void confirm()}
      />
    </DialogShell>
  );
}
