import { INPUT_ERROR } from '@portal/shared/api/limits';
import { InvalidInputError, type DomainErrorDetails } from '../errors/domain-errors.ts';

/**
 * An error of the HTTP layer itself, raised before any service runs: 401 (no or a bad token), 403
 * (not through CloudFront, decision 0058), 413 (a body too large). Services never throw it; they
 * throw domain errors (platform/errors).
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  declare readonly errors?: Record<string, string>;
  declare readonly code?: string;

  constructor(
    readonly statusCode: 401 | 403 | 413,
    message: string,
    details: DomainErrorDetails = {},
  ) {
    super(message);
    if (details.errors) this.errors = details.errors;
    if (details.code) this.code = details.code;
  }
}

type InputError = (typeof INPUT_ERROR)[keyof typeof INPUT_ERROR];

/** A request refused before its schema ran (size, depth, keys, types): the stable code travels with it. */
export function inputError(status: 400 | 413, input: InputError, field?: string, message: string = input.message) {
  const details = { code: input.code, ...(field ? { errors: { [field]: message } } : {}) };
  return status === 413 ? new HttpError(413, message, details) : new InvalidInputError(message, details);
}
