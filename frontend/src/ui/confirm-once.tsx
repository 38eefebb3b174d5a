import { useState } from 'react';
import { ConfirmDialog, type ConfirmChoice } from './confirm-dialog.tsx';
import { formErrorMessage } from './form-error-message.ts';
import { useToast } from './toasts.tsx';

interface ConfirmChoicesProps<T extends string> {
  title: string;
  message: string;
  choices: readonly ConfirmChoice<T>[];
  cancelLabel: string;
  /** Spec 000 §8: a failure shows as an error toast with the server's message, else this. */
  failedLabel: string;
  /** Carries the answer out (and closes the dialog's route). */
  run: (choice: T) => Promise<void>;
  onCancel: () => void;
}

/**
 * An overlay route's question whose answers are carried out by `run` ('Just this one' or 'All
 * Occurrences' of a series): the answer spins while it runs; a failure is reported and the question stays.
 */
export function ConfirmChoices<T extends string>({ title, message, choices, cancelLabel, failedLabel, run, onCancel }: ConfirmChoicesProps<T>) {
  const toast = useToast();
  const [busy, setBusy] = useState<T>();
  async function choose(choice: T) {
    setBusy(choice);
    try {
      await run(choice);
    } catch (error) {
      toast.show({ message: formErrorMessage(error, failedLabel), variation: 'error' });
      setBusy(undefined);
    }
  }
  return <ConfirmDialog title={title} message={message} choices={choices} cancelLabel={cancelLabel} busy={busy} onChoose={(choice) => void choose(choice)} onCancel={onCancel} />;
}

interface ConfirmOnceProps {
  title: string;
  message: string;
  /** The one answer's label ('Delete'). */
  label: string;
  variation?: 'primary' | 'destructive';
  cancelLabel: string;
  failedLabel: string;
  run: () => Promise<void>;
  onCancel: () => void;
}

/** An overlay route's question with one answer (delete a template, send now). */
export function ConfirmOnce({ label, variation = 'destructive', run, ...rest }: ConfirmOnceProps) {
  return <ConfirmChoices {...rest} choices={[{ value: 'yes', label, variation }]} run={() => run()} />;
}
