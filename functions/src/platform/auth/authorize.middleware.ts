import type { MiddlewareObj } from '@middy/core';
import type { RouteDefinition } from '@portal/shared/api/route-table';
import { ACCESS_MESSAGES } from '@portal/shared/tenancy/access-messages';
import { isFeatureEnabled } from '@portal/shared/tenancy/features';
import { rolesIn } from '@portal/shared/tenancy/principal';
import { hasAnyRole } from '@portal/shared/tenancy/roles';
import { ForbiddenError } from '../errors/domain-errors.ts';
import type { HttpEvent, HttpResult, PortalContext } from '../http/types.ts';
import { getFeatureFlags } from '../tenancy/feature-flags.repository.ts';
import { currentRoles } from '../tenancy/memberships.repository.ts';
import { securityEvent } from '../security/security-events.ts';

/**
 * Organisation routes: the `{orgId}` of the path must be one of the token's organisations, the
 * caller must hold one of the route's roles there, and the route's feature must be enabled.
 */
export function authorize(route: RouteDefinition): MiddlewareObj<HttpEvent, HttpResult, Error, PortalContext> {
  return {
    before: async ({ event, context }) => {
      const orgId = event.pathParameters?.orgId;
      const principal = context.principal;
      const refuse = (name: 'cross_organization_attempt' | 'request_refused', message: string, detail: string) => {
        securityEvent(name, { actor: principal?.userId ?? 'anonymous', orgId, target: event.routeKey, outcome: 'refused', detail });
        return new ForbiddenError(message);
      };
      if (!orgId || !principal) throw refuse('request_refused', ACCESS_MESSAGES.noAccess, 'no organisation or principal');
      // The token names the organisation; the membership row is the truth for the roles now, so a
      // removed user or a changed access level takes effect on the next request, not at token expiry.
      if (rolesIn(principal, orgId).length === 0) throw refuse('cross_organization_attempt', ACCESS_MESSAGES.noAccess, 'organisation not in the token');
      // Both reads at once: they sit in front of every organisation request.
      const [roles, flags] = await Promise.all([
        currentRoles(orgId, principal.userId),
        route.feature ? getFeatureFlags(orgId) : undefined,
      ]);
      if (roles.length === 0) throw refuse('cross_organization_attempt', ACCESS_MESSAGES.noAccess, 'no membership');
      principal.organizations[orgId] = roles;
      if (route.roles && !hasAnyRole(roles, route.roles)) {
        throw refuse('request_refused', ACCESS_MESSAGES.roleNotAllowed, `roles ${roles.join(',')}`);
      }
      if (route.feature && flags && !isFeatureEnabled(flags, route.feature)) {
        throw refuse('request_refused', ACCESS_MESSAGES.featureDisabled, `feature ${route.feature} off`);
      }
    },
  };
}
