import type { ChangeEvent, FocusEvent } from 'react';
import type { FormikProps } from 'formik';

/** Turns a schema message (the spec's English) into the user's language: lib/i18n's useValidationMessage. */
type Translate = (message: unknown) => string | undefined;

/** A field's error once it was touched or the form was submitted (spec 000 §8); before that none. */
export function shownError<V>(form: FormikProps<V>, name: keyof V & string): unknown {
  return form.touched[name] || form.submitCount > 0 ? form.errors[name] : undefined;
}

/**
 * A field's error as soon as the form was changed, while it is typed: where Save stays off until the
 * form is valid, the user sees why (spec 001 §5), not only after leaving the field or pressing Save.
 */
export function shownOnceChanged<V>(form: FormikProps<V>, name: keyof V & string): unknown {
  return form.dirty ? form.errors[name] : shownError(form, name);
}

/** Wires an Amplify field to formik: name, value, change and blur, and its shown error (`shown`), translated. */
export function fieldProps<V>(form: FormikProps<V>, name: keyof V & string, message: Translate, shown: typeof shownError = shownError) {
  const error = message(shown(form, name));
  return {
    name,
    value: form.values[name] as string,
    onChange: form.handleChange as (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void,
    onBlur: form.handleBlur as (event: FocusEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void,
    hasError: Boolean(error),
    errorMessage: error,
  };
}
