import { useValidationMessage } from '../../../lib/i18n.ts';

/** Schema messages (the spec's English) through the notifications namespace's `validation` map, then the app's. */
export const useNotificationsValidationMessage = () => useValidationMessage('notifications');
