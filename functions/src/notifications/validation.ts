import type { InferType, Schema } from 'yup';
import { InvalidInputError } from '../platform/errors/domain-errors.ts';
import { parseInput } from '../platform/http/validate.middleware.ts';

/**
 * Validates a body whose schema depends on the stored item (a sent notification allows only
 * content edits), exactly as the HTTP preset does: types first, then the schema, same 400 shape.
 */
export async function validated<S extends Schema>(schema: S, value: unknown): Promise<InferType<S>> {
  return parseInput(schema, value ?? {}, 'body');
}

/** A 400 on one field, e.g. 'Send at cannot be in the past' on config.send. */
export const fieldError = (field: string, message: string) => InvalidInputError.onField(field, message);
