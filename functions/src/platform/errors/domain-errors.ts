import { INPUT_ERROR } from '@portal/shared/api/limits';
import { serverMessageCode } from '@portal/shared/api/server-messages';

/**
 * What a service refuses, in the product's words (the message constants live in `shared`, per
 * feature). Domain errors know nothing of HTTP: the one error handler
 * (platform/http/error-handler.middleware.ts) maps each kind to its status. Repositories throw none
 * of them; they answer outcomes (`false`, `'serial-taken'`, null) that the service turns into one.
 */
export type DomainErrorKind = 'not-found' | 'conflict' | 'invalid' | 'unauthenticated' | 'forbidden' | 'unavailable' | 'rate-limited';

export interface DomainErrorDetails {
  /** A message per field, e.g. `{ device_id: 'A device with this serial number already exists' }`. */
  errors?: Record<string, string>;
  /** A stable code the frontend translates by; by default the registered code of the message (shared/src/api/server-messages.ts). */
  code?: string;
  /** When the caller may try again (seconds): HTTP's Retry-After (a throttle, a request still under way). */
  retryAfterSeconds?: number;
}

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  declare readonly errors?: Record<string, string>;
  declare readonly code?: string;
  declare readonly retryAfterSeconds?: number;

  constructor(message: string, details: DomainErrorDetails = {}) {
    super(message);
    if (details.errors) this.errors = details.errors;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
    const code = details.code ?? serverMessageCode(message);
    if (code) this.code = code;
  }
}

/** The thing asked for does not exist in this organisation (404). */
export class NotFoundError extends DomainError { override readonly name = 'NotFoundError'; readonly kind = 'not-found'; }

/** The request contradicts the stored state: taken, changed meanwhile, not allowed on this item, or a repeat of one still under way (409). */
export class ConflictError extends DomainError { override readonly name = 'ConflictError'; readonly kind = 'conflict'; }

/**
 * The credential a public route judges itself is missing or wrong (401): a webhook's secret or
 * signature. Token checks stay in the HTTP layer (platform/auth).
 */
export class UnauthenticatedError extends DomainError { override readonly name = 'UnauthenticatedError'; readonly kind = 'unauthenticated'; }

/** The caller may not do this (403). */
export class ForbiddenError extends DomainError { override readonly name = 'ForbiddenError'; readonly kind = 'forbidden'; }

/** A dependency (the broker, the identity provider) did not take the change; the request may be retried (503). */
export class UnavailableError extends DomainError { override readonly name = 'UnavailableError'; readonly kind = 'unavailable'; }

/** The caller sent too many requests of this kind; they may try again later (429, with Retry-After when known). */
export class RateLimitedError extends DomainError { override readonly name = 'RateLimitedError'; readonly kind = 'rate-limited'; }

/** The input is refused (400), optionally per field and with a stable `code`. */
export class InvalidInputError extends DomainError {
  override readonly name = 'InvalidInputError';
  readonly kind = 'invalid';

  /**
   * Refused on fields, as the schemas' own refusals are: every field's message, and the message's
   * registered code (a product message such as SEND_IN_PAST), else `invalid_input`.
   */
  static onFields(message: string, errors: Record<string, string>, code: string = serverMessageCode(message) ?? INPUT_ERROR.invalid.code): InvalidInputError {
    return new InvalidInputError(message, { errors, code });
  }

  /** Refused on one field, its message also the error's message. */
  static onField(field: string, message: string): InvalidInputError {
    return InvalidInputError.onFields(message, { [field]: message });
  }
}
