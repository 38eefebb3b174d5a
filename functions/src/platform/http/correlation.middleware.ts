import type { MiddlewareObj } from '@middy/core';
import { logger } from '../logger.ts';
import type { HttpEvent, HttpResult } from './types.ts';

/**
 * Takes the caller's `x-correlation-id` or else API Gateway's request id, puts it on every log line
 * and echoes it in the response so a support ticket can be matched to the logs.
 */
export function correlationId(): MiddlewareObj<HttpEvent, HttpResult> {
  return {
    before: async ({ event }) => {
      const given = event.headers?.['x-correlation-id'] ?? event.headers?.['X-Correlation-Id'];
      logger.setCorrelationId(given || event.requestContext?.requestId);
    },
    after: async (request) => {
      const response = request.response;
      if (response && typeof response === 'object') {
        response.headers = { ...response.headers, 'x-correlation-id': String(logger.getCorrelationId() ?? '') };
      }
    },
  };
}
