import { useEffect, useId, useRef } from 'react';
import { Button, Flex, Text } from '@aws-amplify/ui-react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal yes/no question before a destructive step, shown while `open`; Escape cancels it (and
 * nothing behind it). For several answers ('Just this one' / 'All Occurrences') use ConfirmDialog.
 */
export function ConfirmActionDialog({ open, title, message, confirmLabel, cancelLabel, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      className="confirm-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onKeyDown={(event) => {
        // Handled here, so a side card behind the dialog does not close as well.
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onCancel();
      }}
    >
      {open ? (
        <Flex direction="column" gap="medium">
          <h3 id={`${id}-title`} className="confirm-dialog__title">
            {title}
          </h3>
          <Text id={`${id}-message`}>{message}</Text>
          <Flex justifyContent="flex-end" gap="small">
            <Button onClick={onCancel}>{cancelLabel}</Button>
            <Button variation="destructive" onClick={onConfirm} isLoading={busy}>
              {confirmLabel}
            </Button>
          </Flex>
        </Flex>
      ) : null}
    </dialog>
  );
}
