import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../../../lib/i18n.ts';

/** Schema messages (the spec's English) through this namespace's `validation` map, then the app's. */
export function useDevicesValidationMessage(): (message: unknown) => string | undefined {
  const { t } = useTranslation('devices');
  const appMessage = useValidationMessage();
  return (message) => {
    if (typeof message !== 'string' || !message) return undefined;
    const map = t('validation', { returnObjects: true }) as unknown;
    const translated = map && typeof map === 'object' ? (map as Record<string, unknown>)[message] : undefined;
    return typeof translated === 'string' ? translated : appMessage(message);
  };
}
