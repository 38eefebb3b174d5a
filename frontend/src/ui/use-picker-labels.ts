import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecipientPickerLabels } from './recipient-picker.tsx';

/** The recipient picker's texts (app namespace); recipient chips use them too, without loading the picker (issue 12). */
export function usePickerLabels(): RecipientPickerLabels {
  const { t } = useTranslation('app');
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
