import type { ReactNode } from 'react';
import { Button, Flex } from '@aws-amplify/ui-react';

interface FormFooterProps {
  submitLabel: string;
  /** The submit button's text while saving. */
  busyLabel: string;
  /** Spec 001 §4: save stays off until the form is changed (and valid). */
  disabled: boolean;
  busy: boolean;
  /** Further actions (delete, new credentials), at the other end. */
  children?: ReactNode;
}

/** A form's last row: the primary submit button, and the form's further actions. */
export function FormFooter({ submitLabel, busyLabel, disabled, busy, children }: FormFooterProps) {
  return (
    <Flex justifyContent="space-between" wrap="wrap" gap="small">
      <Button type="submit" variation="primary" isDisabled={disabled} isLoading={busy} loadingText={busyLabel}>
        {submitLabel}
      </Button>
      {children}
    </Flex>
  );
}
