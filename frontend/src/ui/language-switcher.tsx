import { SelectField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@portal/shared/constants';
import { changeLanguage, isLanguage } from '../lib/i18n.ts';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('app');
  return (
    <SelectField
      label={t('language.label')}
      size="small"
      value={i18n.resolvedLanguage ?? i18n.language}
      onChange={(event) => {
        if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
      }}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language}>
          {t(`language.${language}`)}
        </option>
      ))}
    </SelectField>
  );
}
