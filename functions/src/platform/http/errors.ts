import { createError } from '@middy/util';
import { INPUT_ERROR } from '@portal/shared/api/limits';

export { createError };

type InputError = (typeof INPUT_ERROR)[keyof typeof INPUT_ERROR];

/** A 400 that also carries per-field messages, e.g. `{ email: 'Email is required' }`. */
export function validationError(message: string, errors: Record<string, string>, code: string = INPUT_ERROR.invalid.code) {
  const error = createError(400, message, { expose: true });
  Object.assign(error, { errors, code });
  return error;
}

/** A request refused before its schema ran (size, depth, keys, types): the stable code travels with it. */
export function inputError(status: 400 | 413, input: InputError, field?: string, message: string = input.message) {
  const error = createError(status, message, { expose: true });
  Object.assign(error, { code: input.code, ...(field ? { errors: { [field]: message } } : {}) });
  return error;
}
