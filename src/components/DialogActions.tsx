import { Button, Dialog } from '@chakra-ui/react';

interface DialogActionsProps {
  onCancel: () => void;
  label: string;
  busy: boolean;
  busyLabel: string;
  /** Without it the action button submits the dialog's form. */
  onAction?: () => void;
  tone?: 'brand' | 'red';
}

/** The footer the app's form and confirmation dialogs share: Cancel, then the one action with its busy label. */
export function DialogActions({ onCancel, label, busy, busyLabel, onAction, tone = 'brand' }: DialogActionsProps) {
  return (
    <Dialog.Footer>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button
        type={onAction ? 'button' : 'submit'}
        colorPalette={tone}
        loading={busy}
        loadingText={busyLabel}
        onClick={onAction}
      >
        {label}
      </Button>
    </Dialog.Footer>
  );
}
