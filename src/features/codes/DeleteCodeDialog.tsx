import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { toaster } from '../../components/toaster.ts';
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
  return (
    <ConfirmDialog
      open={code !== null}
      title={`Delete “${code?.name ?? ''}”?`}
      warning={
        'The code and its scan history are deleted for good.' +
        (code?.isDynamic
          ? ' Printed copies of this dynamic code will stop working: scanning them shows a “not found” page.'
          : '')
      }
      label="Delete"
      busyLabel="Deleting..."
      onClose={onClose}
      onConfirm={async () => {
        if (!code) return;
        await deleteCode(code.id);
        toaster.create({
          title: 'Deleted',
          description: `“${code.name}” was deleted.`,
          type: 'success',
          closable: true,
        });
        onDeleted();
      }}
    />
  );
}
