import type { MiddlewareObj } from '@middy/core';
import { HTTP_MESSAGES, serverMessageCode } from '@portal/shared/api/server-messages';
import { DomainError, type DomainErrorKind } from '../errors/domain-errors.ts';
import { withSourceMappedStack } from '../errors/source-mapped-stack.ts';
import { logger } from '../logger.ts';
import { json } from './responses.ts';
import type { HttpEvent, HttpResult } from './types.ts';

interface HttpErrorLike {
  statusCode?: number;
  message?: string;
  errors?: Record<string, string>;
  /** A stable code the frontend translates by; else the registered code of the message. */
  code?: string;
}

/** The status of each kind of domain error (platform/errors/domain-errors.ts). */
const STATUS: Record<DomainErrorKind, number> = {
  'not-found': 404,
  conflict: 409,
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  unavailable: 503,
  'rate-limited': 429,
};

/**
 * The one place errors become responses: a domain error thrown by a service gets its kind's status,
 * an HTTP error of the preset (401, 413) keeps its own; both answer `{ message, code?, errors? }`.
 * Anything else is logged and answered 500 without internals. Registered first in the chain so that
 * its onError runs last.
 */
export function errorHandler(): MiddlewareObj<HttpEvent, HttpResult> {
  return {
    onError: async (request) => {
      const error = request.error as (HttpErrorLike & Error) | null;
      const status = error instanceof DomainError ? STATUS[error.kind] : error?.statusCode;
      const correlation = { 'x-correlation-id': String(logger.getCorrelationId() ?? '') };
      // HTTP's Retry-After is whole seconds; rounded up so a caller that waits it is let through.
      const retryAfter: Record<string, string> =
        error instanceof DomainError && error.retryAfterSeconds !== undefined ? { 'retry-after': String(Math.max(1, Math.ceil(error.retryAfterSeconds))) } : {};
      if (typeof status === 'number' && (error instanceof DomainError || (status >= 400 && status < 500))) {
        const message = error?.message || HTTP_MESSAGES.badRequest;
        // Every product message carries its stable code, so the frontend shows it in the user's language.
        const code = error?.code ?? serverMessageCode(message);
        request.response = json(
          status,
          {
            message,
            ...(code ? { code } : {}),
            ...(error?.errors ? { errors: error.errors } : {}),
          },
          { ...correlation, ...retryAfter },
        );
        return;
      }
      logger.error('Unhandled error', withSourceMappedStack(error as Error));
      request.response = json(500, { message: HTTP_MESSAGES.internal, code: serverMessageCode(HTTP_MESSAGES.internal) }, correlation);
    },
  };
}
