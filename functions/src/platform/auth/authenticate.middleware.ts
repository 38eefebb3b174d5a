import type { MiddlewareObj } from '@middy/core';
import { ACCESS_MESSAGES } from '@portal/shared/tenancy/access-messages';
import { principalFromClaims } from '@portal/shared/tenancy/principal';
import { HttpError } from '../http/errors.ts';
import type { HttpEvent, HttpResult, PortalContext } from '../http/types.ts';
import { securityEvent } from '../security/security-events.ts';
import { verifyIdToken } from './verify-token.ts';

/** 401 unless the request carries a valid bearer token; the principal goes on the context. */
export function authenticate(): MiddlewareObj<HttpEvent, HttpResult, Error, PortalContext> {
  return {
    before: async (request) => {
      const header = request.event.headers?.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      const target = request.event.routeKey;
      if (!match?.[1]) {
        securityEvent('request_refused', { actor: 'anonymous', target, outcome: 'refused', detail: 'no bearer token' });
        throw new HttpError(401, ACCESS_MESSAGES.authenticationRequired);
      }
      try {
        request.context.principal = principalFromClaims(await verifyIdToken(match[1]));
      } catch (error) {
        // The reason (expired, bad signature, wrong audience) but never the token itself.
        securityEvent('request_refused', { actor: 'anonymous', target, outcome: 'refused', detail: `token rejected: ${(error as Error).message}`.slice(0, 200) });
        throw new HttpError(401, ACCESS_MESSAGES.invalidToken);
      }
    },
  };
}
