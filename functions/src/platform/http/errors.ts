import { createError } from '@middy/util';

export { createError };

/** A 400 that also carries per-field messages, e.g. `{ email: 'Email is required' }`. */
export function validationError(message: string, errors: Record<string, string>) {
  const error = createError(400, message, { expose: true });
  (error as { errors?: Record<string, string> }).errors = errors;
  return error;
}
