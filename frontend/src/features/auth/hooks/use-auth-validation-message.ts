import { useValidationMessage } from '../../../lib/i18n.ts';

/** Schema messages (the spec's English) through the auth namespace's `validation` map, then the app's. */
export const useAuthValidationMessage = () => useValidationMessage('auth');
