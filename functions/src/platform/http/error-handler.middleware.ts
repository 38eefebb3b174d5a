import type { MiddlewareObj } from '@middy/core';
import { logger } from '../logger.ts';
import { json } from './responses.ts';
import type { HttpEvent, HttpResult } from './types.ts';

interface HttpErrorLike {
  statusCode?: number;
  message?: string;
  errors?: Record<string, string>;
  /** A stable code the frontend translates by (input errors today). */
  code?: string;
}

/**
 * The one place errors become responses: 4xx errors thrown with `createError` keep their status and
 * message as `{ message, errors? }`; anything else is logged and answered 500 without internals.
 * Registered first in the chain so that its onError runs last.
 */
export function errorHandler(): MiddlewareObj<HttpEvent, HttpResult> {
  return {
    onError: async (request) => {
      const error = request.error as HttpErrorLike | null;
      const status = error?.statusCode;
      const correlation = { 'x-correlation-id': String(logger.getCorrelationId() ?? '') };
      if (typeof status === 'number' && status >= 400 && status < 500) {
        request.response = json(
          status,
          {
            message: error?.message ?? 'Bad request',
            ...(error?.code ? { code: error.code } : {}),
            ...(error?.errors ? { errors: error.errors } : {}),
          },
          correlation,
        );
        return;
      }
      logger.error('Unhandled error', error as Error);
      request.response = json(500, { message: 'Internal server error' }, correlation);
    },
  };
}
