import { ValidationError, type InferType, type Schema } from 'yup';
import { validationError } from '../platform/http/errors.ts';

/**
 * Validates a body whose schema depends on the stored item (a sent notification allows only
 * content edits), with the same 400 shape as the HTTP preset: the first message, and one per field.
 */
export async function validated<S extends Schema>(schema: S, value: unknown): Promise<InferType<S>> {
  try {
    const valid = await schema.validate(value ?? {}, { abortEarly: false });
    return schema.cast(valid, { stripUnknown: true, assert: false }) as InferType<S>;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Record<string, string> = {};
    for (const inner of error.inner.length ? error.inner : [error]) errors[inner.path ?? '_'] ??= inner.message;
    throw validationError(error.errors[0] ?? 'Invalid input', errors);
  }
}

/** A 400 on one field, e.g. 'Send at cannot be in the past' on config.send. */
export const fieldError = (field: string, message: string) => validationError(message, { [field]: message });
