import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { FORM_ERROR_MS } from '@portal/shared/constants';
import { formErrorMessage } from './form-error-message.ts';

/** A form's failure message, shown for 3 seconds (spec 000 §8, §9). */
export function useFormError() {
  const { t } = useTranslation('app');
  const [message, setMessage] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const report = useCallback(
    (error: unknown) => {
      clearTimeout(timer.current);
      setMessage(formErrorMessage(error, t('errors.formFallback')));
      timer.current = setTimeout(() => setMessage(undefined), FORM_ERROR_MS);
    },
    [t],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(undefined);
  }, []);
  return { message, report, clear };
}

export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert variation="error" role="alert">
      {message}
    </Alert>
  );
}
