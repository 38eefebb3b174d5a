import type { MiddlewareObj } from '@middy/core';
import type { RouteDefinition } from '@portal/shared/api/route-table';
import { ACCESS_MESSAGES } from '@portal/shared/tenancy/access-messages';
import { isFeatureEnabled } from '@portal/shared/tenancy/features';
import { rolesIn } from '@portal/shared/tenancy/principal';
import { hasAnyRole } from '@portal/shared/tenancy/roles';
import { ForbiddenError } from '../errors/domain-errors.ts';
import type { HttpEvent, HttpResult, PortalContext } from '../http/types.ts';
import { accessRows } from '../tenancy/access-rows.ts';
import { securityEvent } from '../security/security-events.ts';

/** The access check of a request whose route ran before the check had answered (see `authorize`). */
const pendingChecks = new WeakMap<HttpEvent, Promise<void>>();

/**
 * Organisation routes: the `{orgId}` of the path must be one of the token's organisations, the
 * caller must hold one of the route's roles there, and the route's feature must be enabled.
 *
 * The token (verified, signed by the user pool) names the caller's organisations and roles; the
 * membership row is the truth now, so a removed user or a changed access level takes effect on the
 * next request, not at token expiry. A read (GET) whose token already allows it runs while the
 * membership and feature reads are in flight instead of after them (decision 0016): its result is
 * held until the check answers and dropped if the check refuses, which then answers 403 as if the
 * route had never run, whatever it produced, error or not. Writes always wait for the check.
 */
export function authorize(route: RouteDefinition): MiddlewareObj<HttpEvent, HttpResult, Error, PortalContext> {
  const speculative = route.method === 'GET';
  return {
    before: async ({ event, context }) => {
      const orgId = event.pathParameters?.orgId;
      const principal = context.principal;
      const refuse = (name: 'cross_organization_attempt' | 'request_refused', message: string, detail: string) => {
        securityEvent(name, { actor: principal?.userId ?? 'anonymous', orgId, target: event.routeKey, outcome: 'refused', detail });
        return new ForbiddenError(message);
      };
      if (!orgId || !principal) throw refuse('request_refused', ACCESS_MESSAGES.noAccess, 'no organisation or principal');
      const tokenRoles = rolesIn(principal, orgId);
      if (tokenRoles.length === 0) throw refuse('cross_organization_attempt', ACCESS_MESSAGES.noAccess, 'organisation not in the token');
      const ranEarly = speculative && (!route.roles || hasAnyRole(tokenRoles, route.roles));
      // The membership and, on a feature route, the flags in one request: it sits in front of every organisation request.
      const check = accessRows(orgId, principal.userId, Boolean(route.feature)).then(({ roles, flags }) => {
        if (roles.length === 0) throw refuse('cross_organization_attempt', ACCESS_MESSAGES.noAccess, 'no membership');
        principal.organizations[orgId] = roles;
        if (route.roles && !hasAnyRole(roles, route.roles)) {
          throw refuse('request_refused', ACCESS_MESSAGES.roleNotAllowed, `roles ${roles.join(',')}`);
        }
        if (route.feature && flags && !isFeatureEnabled(flags, route.feature)) {
          throw refuse('request_refused', ACCESS_MESSAGES.featureDisabled, `feature ${route.feature} off`);
        }
        // A read that ran early ran with the token's roles: if the caller has lost one of them
        // since, what it read may be more than they may see now (a role-dependent list), so it is
        // refused until the token is renewed with the current roles.
        if (ranEarly && tokenRoles.some((role) => !roles.includes(role))) {
          throw refuse('request_refused', ACCESS_MESSAGES.roleNotAllowed, `roles ${roles.join(',')} narrower than the token's ${tokenRoles.join(',')}`);
        }
      });
      if (ranEarly) {
        check.catch(() => undefined); // awaited in after/onError; this only marks it handled meanwhile
        pendingChecks.set(event, check);
        return;
      }
      await check;
    },
    // The route's response leaves only once the check has allowed it.
    after: async ({ event }) => {
      await pendingChecks.get(event);
    },
    // A refused check replaces whatever the route failed with (a 404 or 400 would tell a caller
    // without access something about the organisation's data).
    onError: async (request) => {
      const check = pendingChecks.get(request.event);
      if (!check) return;
      pendingChecks.delete(request.event);
      try {
        await check;
      } catch (refusal) {
        request.error = refusal as Error;
      }
    },
  };
}
