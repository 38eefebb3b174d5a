import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@portal/shared/constants';
import { namespaces, resources } from './i18n-resources.ts';

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
 * Schema messages are the spec's English wording; they are looked up in the app namespace's
 * `validation` map (English text -> translation), falling back to the English text.
 */
export function useValidationMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('app');
  return (message) => {
    if (!message) return undefined;
    const map = t('validation', { returnObjects: true }) as unknown;
    const translated = map && typeof map === 'object' ? (map as Record<string, unknown>)[message] : undefined;
    return typeof translated === 'string' ? translated : message;
  };
}

export { i18n };
