import { useCallback } from 'react';
import type { FormikErrors, FormikProps, FormikTouched } from 'formik';
import { useFormError } from './form-error.tsx';

/**
 * A side-card form's submit that may validate by other rules than the form's own (a send form's
 * "Save as template"): `run(errors, touched, save)` shows `errors` and stops, or runs `save`; a
 * failure stays on the form for 3 seconds (`formError`), a success resets the form to its values.
 */
export function useFormRun<V>(form: FormikProps<V>) {
  const formError = useFormError();
  const run = useCallback(
    async (errors: FormikErrors<V>, touched: Partial<Record<keyof V & string, boolean>>, save: () => Promise<void>) => {
      formError.clear();
      form.setSubmitting(true);
      // Array fields (recipients) are touched as a whole: shownError reads the flag.
      await form.setTouched({ ...form.touched, ...touched } as FormikTouched<V>, false);
      form.setErrors(errors);
      if (Object.keys(errors).length) return form.setSubmitting(false);
      try {
        await save();
        form.resetForm({ values: form.values });
      } catch (error) {
        formError.report(error);
      } finally {
        form.setSubmitting(false);
      }
    },
    [form, formError],
  );
  return { run, formError };
}
