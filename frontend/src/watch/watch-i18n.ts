import { addBundledStrings } from '../lib/i18n.ts';
import de from './locales/de.json';
import en from './locales/en.json';

/** The watch is outside the features: its namespace is added when its chunk loads. */
export const WATCH_NAMESPACE = 'watch';
export const watchLocales = { en, de } as const;

export function registerWatchLocales(): void {
  addBundledStrings(WATCH_NAMESPACE, watchLocales);
}
