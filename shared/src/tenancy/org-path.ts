/** Every tenant API path starts with this prefix; the route table uses `{orgId}` as its parameter. */
export const ORG_API_PREFIX = '/api/organizations/{orgId}';

/** The frontend serves every signed-in route under the organisation's id (spec 001 section 2). */
export function orgBasePath(orgId: string): string {
  return `/${encodeURIComponent(orgId)}`;
}

/** Joins an in-app route (e.g. '/notifications') onto the organisation's base path. */
export function orgRoute(orgId: string, route: string): string {
  return `${orgBasePath(orgId)}${route.startsWith('/') ? route : `/${route}`}`;
}
