import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Recipient } from '@portal/shared/recipients/recipient.schema';
import { RecipientPicker, type RecipientPickerLabels } from '../../../ui/recipient-picker.tsx';

export function usePickerLabels(): RecipientPickerLabels {
  const { t } = useTranslation('notifications');
  return useMemo(
    () => ({
      sections: {
        everyone: t('picker.sections.everyone'),
        userGroups: t('picker.sections.userGroups'),
        users: t('picker.sections.users'),
        shifts: t('picker.sections.shifts'),
      },
      everyone: t('picker.everyone'),
      remove: (name: string) => t('picker.remove', { name }),
      noMatches: t('picker.noMatches'),
      loading: t('picker.loading'),
    }),
    [t],
  );
}

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
