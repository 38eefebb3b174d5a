import { principalFromClaims, type Principal } from '@portal/shared/tenancy/principal';
import { verifyIdToken } from '../platform/auth/verify-token.ts';
import type { HttpEvent } from '../platform/http/types.ts';

/**
 * The caller of a route that signed-out callers may use too: the principal of a valid bearer token,
 * else none. An expired or bad token counts as signed out rather than a 401: a report from a page
 * whose session just ended is one worth having.
 */
export async function optionalPrincipal(event: HttpEvent): Promise<Principal | undefined> {
  const match = /^Bearer\s+(\S+)$/i.exec(event.headers?.authorization ?? '');
  if (!match?.[1]) return undefined;
  try {
    return principalFromClaims(await verifyIdToken(match[1]));
  } catch {
    return undefined;
  }
}
