import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { formErrorMessage } from './form-error-message.ts';
import { useToast } from './toasts.tsx';

interface ConfirmOnceProps {
  title: string;
  message: string;
  /** The one answer's label ('Delete'). */
  label: string;
  variation?: 'primary' | 'destructive';
  cancelLabel: string;
  /** Spec 000 §8: a failure shows as an error toast with the server's message, else this. */
  failedLabel: string;
  /** Carries the answer out (and closes the dialog's route). */
  run: () => Promise<void>;
  onCancel: () => void;
}

/** An overlay route's question with one answer (delete a template, send now): busy while it runs; a failure is reported and the question stays. */
export function ConfirmOnce({ title, message, label, variation = 'destructive', cancelLabel, failedLabel, run, onCancel }: ConfirmOnceProps) {
  const toast = useToast();
  const [busy, setBusy] = useState<'yes'>();
  async function choose() {
    setBusy('yes');
    try {
      await run();
    } catch (error) {
      toast.show({ message: formErrorMessage(error, failedLabel), variation: 'error' });
      setBusy(undefined);
    }
  }
  return (
    <ConfirmDialog
      title={title}
      message={message}
      choices={[{ value: 'yes', label, variation }]}
      cancelLabel={cancelLabel}
      busy={busy}
      onChoose={() => void choose()}
      onCancel={onCancel}
    />
  );
}
