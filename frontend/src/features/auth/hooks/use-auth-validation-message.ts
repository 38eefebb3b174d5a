import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { translatedMessage } from '../utils/validation-messages.ts';

/**
 * The app's validation-message mechanism, with the auth namespace's own `validation` map (the
 * sign-up and password messages) consulted first; anything else falls through to the app map.
 */
export function useAuthValidationMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('auth');
  const appMessage = useValidationMessage();
  return (message) => {
    if (!message) return undefined;
    return translatedMessage(t('validation', { returnObjects: true }), message) ?? appMessage(message);
  };
}
