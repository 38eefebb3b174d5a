import type { ChangeEvent, FocusEvent } from 'react';
import type { FormikProps } from 'formik';

/** Turns a schema message (the spec's English) into the user's language: lib/i18n's useValidationMessage. */
type Translate = (message: unknown) => string | undefined;

/** A field's error once it was touched or the form was submitted (spec 000 §8); before that none. */
export function shownError<V>(form: FormikProps<V>, name: keyof V & string): unknown {
  return form.touched[name] || form.submitCount > 0 ? form.errors[name] : undefined;
}

/** Wires an Amplify field to formik: name, value, change and blur, and its shown error, translated. */
export function fieldProps<V>(form: FormikProps<V>, name: keyof V & string, message: Translate) {
  const error = message(shownError(form, name));
  return {
    name,
    value: form.values[name] as string,
    onChange: form.handleChange as (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void,
    onBlur: form.handleBlur as (event: FocusEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void,
    hasError: Boolean(error),
    errorMessage: error,
  };
}
