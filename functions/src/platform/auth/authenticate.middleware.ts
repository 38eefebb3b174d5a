import type { MiddlewareObj } from '@middy/core';
import { principalFromClaims } from '@portal/shared/tenancy/principal';
import { logger } from '../logger.ts';
import { createError } from '../http/errors.ts';
import type { HttpEvent, HttpResult, PortalContext } from '../http/types.ts';
import { verifyIdToken } from './verify-token.ts';

/** 401 unless the request carries a valid bearer token; the principal goes on the context. */
export function authenticate(): MiddlewareObj<HttpEvent, HttpResult, Error, PortalContext> {
  return {
    before: async (request) => {
      const header = request.event.headers?.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw createError(401, 'Authentication required', { expose: true });
      try {
        request.context.principal = principalFromClaims(await verifyIdToken(match[1]));
      } catch (error) {
        logger.info('Token rejected', { reason: (error as Error).message });
        throw createError(401, 'Invalid or expired token', { expose: true });
      }
    },
  };
}
