import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@portal/shared/constants';
import { loadLanguage, namespaces } from './i18n-resources.ts';
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

/** Adds a language's strings unless they are there; the first render and a switch wait for it. */
async function ensureLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'app')) return;
  for (const [namespace, strings] of Object.entries(await loadLanguage(language))) {
    i18n.addResourceBundle(language, namespace, strings, true, true);
  }
}

export async function initI18n(): Promise<typeof i18n> {
  i18n.on('languageChanged', applyToDocument);
  const language = storedLanguage();
  // Only the active language is loaded (issue 12: about half the strings' bytes on first load).
  const strings = await loadLanguage(language);
  await i18n.use(initReactI18next).init({
    resources: { [language]: strings },
    ns: namespaces,
    defaultNS: 'app',
    lng: language,
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
  await ensureLanguage(language);
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
