import { ANY_ROLE, MANAGER_ROLES, type Role } from '../tenancy/roles.ts';
import type { FeatureKey } from '../tenancy/features.ts';

/**
 * THE route table. CDK generates the HTTP API routes from it, the local runtime mounts it, the
 * frontend API client builds its URLs from it, and the route-by-principal test walks it.
 * A module is one Lambda (`functions/src/<module>/handler.ts`) that dispatches on the route key.
 */
export const MODULES = ['organizations', 'identity', 'settings'] as const;
export type ModuleName = (typeof MODULES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * public: no token. authenticated: any valid token. organization: a valid token whose principal
 * belongs to the `{orgId}` of the path and holds one of `roles`.
 */
export type RouteAccess = 'public' | 'authenticated' | 'organization';

export interface RouteDefinition {
  module: ModuleName;
  method: HttpMethod;
  path: string;
  handler: string;
  access: RouteAccess;
  /** Roles allowed on an organization route. */
  roles?: readonly Role[];
  /** Feature flag that must be 'enable' for the organisation. */
  feature?: FeatureKey;
}

export const ROUTES = [
  { module: 'organizations', method: 'GET', path: '/api/health', handler: 'health', access: 'public' },
  { module: 'organizations', method: 'GET', path: '/api/organizations', handler: 'listOrganizations', access: 'authenticated' },
  {
    module: 'organizations',
    method: 'GET',
    path: '/api/organizations/{orgId}/settings/features',
    handler: 'getFeatureSettings',
    access: 'organization',
    roles: ANY_ROLE,
  },

  // Sign-up founds an organisation (and its first user), so it belongs to organizations.
  { module: 'organizations', method: 'POST', path: '/api/signup', handler: 'signUp', access: 'public' },

  // identity: the caller's auth data and the migration password change
  { module: 'identity', method: 'GET', path: '/api/me', handler: 'getMe', access: 'authenticated' },
  { module: 'identity', method: 'POST', path: '/api/me/change-password', handler: 'changePassword', access: 'authenticated' },

  // settings: setup is for managers (assistants get 403); general settings change only by superadmins
  {
    module: 'settings',
    method: 'GET',
    path: '/api/organizations/{orgId}/settings/general',
    handler: 'getGeneralSettings',
    access: 'organization',
    roles: MANAGER_ROLES,
  },
  {
    module: 'settings',
    method: 'PATCH',
    path: '/api/organizations/{orgId}/settings/general',
    handler: 'updateGeneralSettings',
    access: 'organization',
    roles: ['superadmin'],
  },
] as const satisfies readonly RouteDefinition[];

export type Route = (typeof ROUTES)[number];
export type HandlerName<M extends ModuleName> = Extract<Route, { module: M }>['handler'];

/** API Gateway HTTP API route key, e.g. 'GET /api/health'; the module router dispatches on it. */
export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export function routesOf(module: ModuleName): RouteDefinition[] {
  return ROUTES.filter((r) => r.module === module);
}

export function findRoute(module: ModuleName, handler: string): RouteDefinition {
  const route = ROUTES.find((r) => r.module === module && r.handler === handler);
  if (!route) throw new Error(`No route ${module}.${handler} in the route table`);
  return route;
}
