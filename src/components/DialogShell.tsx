import type { ReactNode } from 'react';
import { Dialog, Portal } from '@chakra-ui/react';

interface DialogShellProps {
  open: boolean;
  /** Called with the new open state (Escape, the backdrop, a Dialog.ActionTrigger, the trigger). */
  onOpenChange: (open: boolean) => void;
  /** `alertdialog` for confirmations of something that cannot be undone. */
  role?: 'dialog' | 'alertdialog';
  scrollBehavior?: 'inside' | 'outside';
  /** The element that opens the dialog (wrapped in Dialog.Trigger), for dialogs that own their open state. */
  trigger?: ReactNode;
  /** The dialog's content: Dialog.Header, Dialog.Body, a footer (often DialogActions), or a form holding them. */
  children: ReactNode;
}

/** The frame every app dialog shares: centred, in a portal, over a backdrop. */
export function DialogShell({ open, onOpenChange, role, scrollBehavior, trigger, children }: DialogShellProps) {
  // Only the options given: an explicit `undefined` would replace the dialog's defaults.
  const options = { ...(role && { role }), ...(scrollBehavior && { scrollBehavior }) };
  return (
    <Dialog.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="center" {...options}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{children}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
