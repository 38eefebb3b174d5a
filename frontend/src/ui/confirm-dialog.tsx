import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import './ui.css';

export interface ConfirmChoice<T extends string> {
  value: T;
  label: string;
  variation?: 'primary' | 'destructive';
}

interface ConfirmDialogProps<T extends string> {
  title: string;
  message: string;
  /** One or more answers, e.g. 'Delete', or 'Just this one' and 'All Occurrences'. */
  choices: readonly ConfirmChoice<T>[];
  cancelLabel: string;
  /** The answer being carried out: its button spins and the others wait. */
  busy?: T;
  onChoose: (value: T) => void;
  onCancel: () => void;
}

/**
 * A modal question (role alertdialog) shown while mounted, e.g. before a destructive step; Escape
 * cancels it and nothing behind it (a side card stays open). As a modal <dialog> it makes the rest
 * of the page inert and holds focus; when it goes, focus returns to what had it before (the button
 * that asked), if that is still there.
 */
export function ConfirmDialog<T extends string>({ title, message, choices, cancelLabel, busy, onChoose, onCancel }: ConfirmDialogProps<T>) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      // After the dialog has left the DOM (and whatever it changed has rendered).
      setTimeout(() => {
        const active = document.activeElement;
        if (opener instanceof HTMLElement && opener.isConnected && (!active || active === document.body)) opener.focus();
      });
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      className="confirm-dialog"
      data-keep-side-cards=""
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onCancel();
      }}
    >
      <Flex direction="column" gap="medium">
        <h3 id={`${id}-title`} className="confirm-dialog__title">
          {title}
        </h3>
        <Text id={`${id}-message`}>{message}</Text>
        <Flex justifyContent="flex-end" gap="small" wrap="wrap">
          <Button onClick={onCancel} isDisabled={busy !== undefined}>
            {cancelLabel}
          </Button>
          {choices.map((choice) => (
            <Button
              key={choice.value}
              variation={choice.variation ?? 'primary'}
              isLoading={busy === choice.value}
              isDisabled={busy !== undefined && busy !== choice.value}
              onClick={() => onChoose(choice.value)}
            >
              {choice.label}
            </Button>
          ))}
        </Flex>
      </Flex>
    </dialog>
  );
}

export interface ConfirmButtonProps {
  /** The button's label, and the answer's: e.g. 'Delete group'. */
  label: string;
  variation?: 'warning';
  title: string;
  question: string;
  cancelLabel: string;
  /** Carried out with the dialog open, its answer spinning; the dialog closes when it settles. */
  onConfirm: () => Promise<unknown>;
}

/** A button that asks first (a form's delete): a ConfirmDialog with one destructive answer. */
export function ConfirmButton({ label, variation, title, question, cancelLabel, onConfirm }: ConfirmButtonProps) {
  const [state, setState] = useState<'closed' | 'asking' | 'busy'>('closed');

  async function confirm() {
    setState('busy');
    try {
      await onConfirm();
    } finally {
      setState('closed');
    }
  }

  return (
    <>
      <Button variation={variation} onClick={() => setState('asking')}>
        {label}
      </Button>
      {state === 'closed' ? null : (
        <ConfirmDialog
          title={title}
          message={question}
          choices={[{ value: 'confirm', label, variation: 'destructive' }]}
          cancelLabel={cancelLabel}
          busy={state === 'busy' ? 'confirm' : undefined}
          onChoose={() => void confirm()}
          onCancel={() => setState('closed')}
        />
      )}
    </>
  );
}
