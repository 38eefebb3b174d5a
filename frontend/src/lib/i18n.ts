import i18n, { type BackendModule } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@portal/shared/constants';
import { loadNamespace } from './i18n-resources.ts';
import { translatedMessage } from './validation-map.ts';

export type Language = (typeof LANGUAGES)[number];

const LANGUAGE_KEY = 'portal.language';

/**
 * The server messages' translations by stable code (decision 0017) are a namespace of their own
 * (`app/server-errors/locales`), loaded after the first render (main.tsx), so no page's first load
 * carries every module's messages (issue 12). An error shown before they arrive shows the server's
 * English text.
 */
export const SERVER_ERRORS_NAMESPACE = 'server-errors';

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

/**
 * Strings come per language and namespace from the bundled locale files (i18n-resources.ts). The
 * first render waits for the app's; a route's lazy loader waits for its feature's (loadStrings), and
 * a component using a namespace not loaded yet suspends until it is (react-i18next).
 */
const localeFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    loadNamespace(language, namespace).then(
      (strings) => callback(null, strings ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Namespaces asked for before i18next started: the router starts the first route's lazy loaders as
 * it is created, before `initI18n`; their strings then load beside the app's instead of when the
 * page first renders and suspends (one request chain less before the first paint, issue 12).
 */
const askedBeforeInit = new Set<string>();

const initialized = () =>
  new Promise<void>((resolve) => {
    const done = () => {
      i18n.off('initialized', done);
      resolve();
    };
    i18n.on('initialized', done);
  });

/**
 * What every i18next instance of the portal is set up with. A key missing in German shows the
 * English text, never the key (issue 28): the price is that German pages also load the English
 * strings of each namespace they load (issue 12 had only the active language load). The unit test
 * that every key exists in every language (i18n-resources.test.ts) stays, so the fallback is a
 * safety net, not a way to ship half a translation.
 */
export const I18N_OPTIONS = {
  defaultNS: 'app',
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // React escapes output already.
  interpolation: { escapeValue: false },
} as const;

export async function initI18n(): Promise<typeof i18n> {
  i18n.on('languageChanged', applyToDocument);
  await i18n
    .use(localeFiles)
    .use(initReactI18next)
    .init({
      ...I18N_OPTIONS,
      ns: ['app', ...askedBeforeInit],
      lng: storedLanguage(),
    });
  return i18n;
}

/** Loads namespaces' strings in the active language (a switch loads every loaded one for the new). */
export async function loadStrings(...namespaces: string[]): Promise<void> {
  if (!i18n.isInitialized && !i18n.isInitializing) {
    namespaces.forEach((namespace) => askedBeforeInit.add(namespace));
    await initialized();
  }
  await i18n.loadNamespaces(namespaces);
}

/**
 * Strings bundled with a page's own chunk (the watch and kiosk emulators, outside the features):
 * added to i18next in every language when the chunk loads, once.
 */
export function addBundledStrings(namespace: string, bundles: Readonly<Record<string, object>>): void {
  for (const [language, bundle] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, bundle, true, true);
  }
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode may refuse storage; the choice then lasts for this page only.
  }
  // i18next loads the new language's strings of every loaded namespace before it switches.
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
