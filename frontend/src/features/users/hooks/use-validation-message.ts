import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../../../lib/i18n.ts';

/**
 * Schema messages are the spec's English text: this namespace's `validation` map translates them,
 * anything else falls through to the app's map (and then to the English text).
 */
export function useUsersValidationMessage(): (message: unknown) => string | undefined {
  const { t } = useTranslation('users');
  const appMessage = useValidationMessage();
  return (message) => {
    if (typeof message !== 'string' || !message) return undefined;
    const map = t('validation', { returnObjects: true }) as unknown;
    const translated = map && typeof map === 'object' ? (map as Record<string, unknown>)[message] : undefined;
    return typeof translated === 'string' ? translated : appMessage(message);
  };
}
