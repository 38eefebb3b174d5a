import type { FeatureKey } from '../tenancy/features.ts';
import { SENDER_ROLES, type Role } from '../tenancy/roles.ts';

/**
 * The helpers of the route table's organisation rows, in a leaf (decision 0074): the route table
 * and the modules' declarations (`shared/src/<module>/module.ts`) both write rows with them. `M` is
 * any name here (the module names are read off the declarations, which import this file); the
 * route table checks each row's module (`satisfies readonly RouteDefinition[]`).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RouteEntries = readonly (readonly [HttpMethod, string, string])[];

/** Who may call a group of organisation routes, and the feature that must be on. */
export interface RoutePolicy {
  roles: readonly Role[];
  feature?: FeatureKey;
}

export type OrgRoutes<M extends string, P extends RoutePolicy, E extends RouteEntries> = {
  [K in keyof E]: {
    module: M;
    method: E[K][0];
    path: `/api/organizations/{orgId}${E[K][1]}`;
    handler: E[K][2];
    access: 'organization';
  } & P;
};

/** Routes under the organisation prefix sharing one policy; entries are [method, path, handler]. */
export function orgRoutes<M extends string, const P extends RoutePolicy, const E extends RouteEntries>(module: M, policy: P, entries: E): OrgRoutes<M, P, E> {
  return entries.map(([method, path, handler]) => ({
    module,
    method,
    path: `/api/organizations/{orgId}${path}`,
    handler,
    access: 'organization',
    ...policy,
  })) as unknown as OrgRoutes<M, P, E>;
}

/** A feature module: senders, and only while the organisation has the feature enabled. */
export const featurePolicy = <F extends FeatureKey>(feature: F) => ({ roles: SENDER_ROLES, feature });
