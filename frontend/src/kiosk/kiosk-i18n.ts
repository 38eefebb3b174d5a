import { addBundledStrings } from '../lib/i18n.ts';
import de from './locales/de.json';
import en from './locales/en.json';

/** The kiosk is outside the features, like the watch: its namespace is added when its chunk loads. */
export const KIOSK_NAMESPACE = 'kiosk';
export const kioskLocales = { en, de } as const;

export function registerKioskLocales(): void {
  addBundledStrings(KIOSK_NAMESPACE, kioskLocales);
}
