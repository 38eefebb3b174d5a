import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../../../lib/i18n.ts';

/** Schema messages are the spec's English text: translated by this namespace, else by the app's. */
export function useNotificationsValidationMessage(): (message: unknown) => string | undefined {
  const { t } = useTranslation('notifications');
  const appMessage = useValidationMessage();
  return (message) => {
    if (typeof message !== 'string' || !message) return undefined;
    const map = t('validation', { returnObjects: true }) as unknown;
    const translated = map && typeof map === 'object' ? (map as Record<string, unknown>)[message] : undefined;
    return typeof translated === 'string' ? translated : appMessage(message);
  };
}
