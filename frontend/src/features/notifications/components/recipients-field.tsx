import { useTranslation } from 'react-i18next';
import type { Recipient } from '@portal/shared/recipients/recipient.schema';
import { RecipientPicker } from '../../../ui/recipient-picker.tsx';
import { usePickerLabels } from '../../../ui/use-picker-labels.ts';

interface RecipientsFieldProps {
  value: Recipient[];
  onChange: (next: Recipient[]) => void;
  disabled?: boolean;
  error?: string;
}

/** The notification form's recipient picker, with the notifications namespace's texts. */
export function RecipientsField({ value, onChange, disabled, error }: RecipientsFieldProps) {
  const { t } = useTranslation('notifications');
  const labels = usePickerLabels();
  return (
    <RecipientPicker
      label={t('form.recipients')}
      placeholder={t('form.recipientsPlaceholder')}
      value={value}
      onChange={onChange}
      labels={labels}
      disabled={disabled}
      error={error}
    />
  );
}
