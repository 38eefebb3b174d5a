import { useState } from 'react';
import { SelectField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@portal/shared/constants';
import { changeLanguage, isLanguage, type Language } from '../lib/i18n.ts';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('app');
  // The chosen language's strings load on demand: the choice shows while the page waits for them.
  const [pending, setPending] = useState<Language>();
  return (
    <SelectField
      label={t('language.label')}
      size="small"
      value={pending ?? i18n.resolvedLanguage ?? i18n.language}
      aria-busy={pending !== undefined}
      onChange={(event) => {
        const language = event.target.value;
        if (!isLanguage(language)) return;
        setPending(language);
        changeLanguage(language)
          .catch((error: unknown) => console.error('Loading the language failed', error))
          .finally(() => setPending(undefined));
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
