import type { ReactNode } from 'react';
import { Button, Flex } from '@aws-amplify/ui-react';
import { ConfirmButton, type ConfirmButtonProps } from './confirm-dialog.tsx';

interface FormFooterProps {
  submitLabel: string;
  /** The submit button's text while saving. */
  busyLabel: string;
  /** Spec 001 §4: save stays off until the form is changed (and valid). */
  disabled: boolean;
  busy: boolean;
  /** The item's delete, asked first (a warning button at the other end); none for a new item. */
  remove?: Omit<ConfirmButtonProps, 'variation'> | null;
  /** Further actions (new credentials), at the other end. */
  children?: ReactNode;
}

/** A form's last row: the primary submit button, and the form's further actions. */
export function FormFooter({ submitLabel, busyLabel, disabled, busy, remove, children }: FormFooterProps) {
  return (
    <Flex justifyContent="space-between" wrap="wrap" gap="small">
      <Button type="submit" variation="primary" isDisabled={disabled} isLoading={busy} loadingText={busyLabel}>
        {submitLabel}
      </Button>
      {children}
      {remove ? <ConfirmButton variation="warning" {...remove} /> : null}
    </Flex>
  );
}
