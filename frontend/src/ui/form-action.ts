import { useCallback } from 'react';
import { useFormError } from './form-error.tsx';
import { useToast } from './toasts.tsx';

/**
 * A form's save or delete (spec 000 §4, §8): `run(action, success)` clears the last error and
 * awaits the action; then `success` shows as a toast and `run` resolves true. A failure shows as
 * the form's error for 3 seconds (`error`, for FormError) and `run` resolves false.
 */
export function useFormAction() {
  const { message, report, clear } = useFormError();
  const toast = useToast();
  const run = useCallback(
    async (action: () => Promise<unknown>, success?: string): Promise<boolean> => {
      clear();
      try {
        await action();
      } catch (error) {
        report(error);
        return false;
      }
      if (success) toast.show({ message: success, variation: 'success' });
      return true;
    },
    [clear, report, toast],
  );
  return { run, error: message, report, clear };
}
