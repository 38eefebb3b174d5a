import type { MiddlewareObj } from '@middy/core';
import type { RouteDefinition } from '@portal/shared/api/route-table';
import { isFeatureEnabled } from '@portal/shared/tenancy/features';
import { rolesIn } from '@portal/shared/tenancy/principal';
import { hasAnyRole } from '@portal/shared/tenancy/roles';
import { createError } from '../http/errors.ts';
import type { HttpEvent, HttpResult, PortalContext } from '../http/types.ts';
import { getFeatureFlags } from '../tenancy/feature-flags.repository.ts';
import { currentRoles } from '../tenancy/memberships.repository.ts';

/**
 * Organisation routes: the `{orgId}` of the path must be one of the token's organisations, the
 * caller must hold one of the route's roles there, and the route's feature must be enabled.
 */
export function authorize(route: RouteDefinition): MiddlewareObj<HttpEvent, HttpResult, Error, PortalContext> {
  return {
    before: async ({ event, context }) => {
      const orgId = event.pathParameters?.orgId;
      const principal = context.principal;
      if (!orgId || !principal) throw createError(403, 'You do not have access to this organization', { expose: true });
      // The token names the organisation; the membership row is the truth for the roles now, so a
      // removed user or a changed access level takes effect on the next request, not at token expiry.
      if (rolesIn(principal, orgId).length === 0) throw createError(403, 'You do not have access to this organization', { expose: true });
      // Both reads at once: they sit in front of every organisation request.
      const [roles, flags] = await Promise.all([
        currentRoles(orgId, principal.userId),
        route.feature ? getFeatureFlags(orgId) : undefined,
      ]);
      if (roles.length === 0) throw createError(403, 'You do not have access to this organization', { expose: true });
      principal.organizations[orgId] = roles;
      if (route.roles && !hasAnyRole(roles, route.roles)) {
        throw createError(403, 'Your role does not allow this action', { expose: true });
      }
      if (route.feature && flags && !isFeatureEnabled(flags, route.feature)) {
        throw createError(403, 'This feature is not enabled for your organization', { expose: true });
      }
    },
  };
}
