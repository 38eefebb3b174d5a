import { ValidationError, type Schema } from 'yup';

/**
 * A shared schema's messages for a form's fields: each failing path mapped to its field (unknown
 * paths to `fallback`), the first message per field kept.
 */
export function schemaFieldErrors<F extends string>(schema: Schema, value: unknown, fieldOf: Record<string, F>, fallback: F): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  try {
    schema.validateSync(value, { abortEarly: false });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    for (const item of error.inner.length ? error.inner : [error]) errors[fieldOf[item.path ?? ''] ?? fallback] ??= item.message;
  }
  return errors;
}
