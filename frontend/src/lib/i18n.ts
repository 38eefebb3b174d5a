import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@portal/shared/constants';
import { namespaces, resources } from './i18n-resources.ts';
import { translatedMessage } from './validation-map.ts';

export type Language = (typeof LANGUAGES)[number];

const LANGUAGE_KEY = 'portal.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyToDocument(): void {
  document.documentElement.lang = i18n.language;
  document.title = i18n.t('app:title');
}

export async function initI18n(): Promise<typeof i18n> {
  i18n.on('languageChanged', applyToDocument);
  await i18n.use(initReactI18next).init({
    resources,
    ns: namespaces,
    defaultNS: 'app',
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    // React escapes output already.
    interpolation: { escapeValue: false },
  });
  return i18n;
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode may refuse storage; the choice then lasts for this page only.
  }
  await i18n.changeLanguage(language);
}

/**
 * Schema messages are the spec's English wording. They are looked up in the feature namespace's
 * `validation` map (when a namespace is given), then in the app namespace's, and fall back to the
 * English text.
 */
export function useValidationMessage(namespace?: string): (message: unknown) => string | undefined {
  const { t } = useTranslation(namespace ? [namespace, 'app'] : 'app');
  return (message) => {
    if (typeof message !== 'string' || !message) return undefined;
    return (
      (namespace ? translatedMessage(t(`${namespace}:validation`, { returnObjects: true }), message) : undefined) ??
      translatedMessage(t('app:validation', { returnObjects: true }), message) ??
      message
    );
  };
}

export { i18n };
