import { ANY_ROLE, MANAGER_ROLES, SENDER_ROLES, type Role } from '../tenancy/roles.ts';
import type { FeatureKey } from '../tenancy/features.ts';
import { CLIENT_ERRORS_PATH } from '../client-errors/client-error-limits.ts';
import { featurePolicy, orgRoutes, type HttpMethod } from './org-routes.ts';
import { declaredRows } from './modules.ts';
import type { ModuleName } from './module-names.ts';

/**
 * THE route table. CDK generates the HTTP API routes from it, the local runtime mounts it, the
 * frontend API client builds its URLs from it, and the route-by-principal test walks it.
 * A module is one Lambda (`functions/src/<module>/handler.ts`) that dispatches on the route key.
 */
export { MODULES, type ModuleName } from './module-names.ts';

export type { HttpMethod } from './org-routes.ts';

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
  /**
   * The body is not parsed as JSON (webhooks take JSON, form or empty bodies and verify signatures
   * over the exact bytes): the preset checks its size only and hands the text to the route.
   */
  rawBody?: true;
}

/** Setup: managers only (assistants and employees get 403). */
const SETUP = { roles: MANAGER_ROLES };

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

  // The kiosk tablets' trigger groups (general settings `tablet.trigger_group_map`), set by managers
  // on /settings/tablet without the rest of general settings (decision 0044).
  ...orgRoutes('settings', SETUP, [['PUT', '/settings/tablet-trigger-groups', 'updateTabletTriggerGroups']] as const),

  // The organisation's logo (sidebar): every member reads it; only superadmins change it.
  {
    module: 'settings',
    method: 'GET',
    path: '/api/organizations/{orgId}/settings/logo',
    handler: 'getLogo',
    access: 'organization',
    roles: ANY_ROLE,
  },
  ...orgRoutes('settings', { roles: ['superadmin'] }, [
    ['PUT', '/settings/logo', 'putLogo'],
    ['DELETE', '/settings/logo', 'removeLogo'],
  ] as const),

  // Error reports from the browser (decision 0018): signed in or not, so 'public'; the handler
  // reads a token when one is sent, and counts reports per user or per source address.
  { module: 'client-errors', method: 'POST', path: CLIENT_ERRORS_PATH, handler: 'reportClientError', access: 'public' },

  // users: people and device users, user groups and access levels (setup: managers only)
  ...orgRoutes('users', SETUP, [
    ['GET', '/users', 'listUsers'],
    ['POST', '/users', 'createUser'],
    ['GET', '/users/{userId}', 'getUser'],
    ['PUT', '/users/{userId}', 'updateUser'],
    ['DELETE', '/users/{userId}', 'deleteUser'],
    ['PUT', '/users/{userId}/groups', 'setUserGroups'],
    ['GET', '/user-groups', 'listUserGroups'],
    ['POST', '/user-groups', 'createUserGroup'],
    ['GET', '/user-groups/{groupId}', 'getUserGroup'],
    ['PUT', '/user-groups/{groupId}', 'updateUserGroup'],
    ['DELETE', '/user-groups/{groupId}', 'deleteUserGroup'],
    ['GET', '/access-levels', 'listAccessLevels'],
  ] as const),

  // devices: watches, phones and kiosk tablets, tablet settings and design templates (managers only)
  ...orgRoutes('devices', SETUP, [
    ['GET', '/devices', 'listDevices'],
    ['POST', '/devices', 'createDevice'],
    ['GET', '/devices/{deviceId}', 'getDevice'],
    ['PUT', '/devices/{deviceId}', 'updateDevice'],
    ['DELETE', '/devices/{deviceId}', 'deleteDevice'],
    ['POST', '/devices/{deviceId}/credentials', 'issueDeviceCredentials'],
    ['GET', '/device-settings/{deviceId}', 'getDeviceSettings'],
    ['PUT', '/device-settings/{deviceId}', 'putDeviceSettings'],
    ['GET', '/tablet-templates', 'listTabletTemplates'],
    ['POST', '/tablet-templates', 'createTabletTemplate'],
    ['GET', '/tablet-templates/{templateId}', 'getTabletTemplate'],
    ['PUT', '/tablet-templates/{templateId}', 'updateTabletTemplate'],
    ['DELETE', '/tablet-templates/{templateId}', 'deleteTabletTemplate'],
  ] as const),

  // The recipient picker of notifications, actions and tasks: senders, not only managers.
  {
    module: 'users',
    method: 'GET',
    path: '/api/organizations/{orgId}/recipients',
    handler: 'listRecipients',
    access: 'organization',
    roles: SENDER_ROLES,
  },

  // notifications, actions, tasks and shifts: their rows are in their declarations
  // (shared/src/<module>/module.ts, decision 0074), taken here in the order of MODULE_DECLARATIONS.
  ...declaredRows('routes'),
  // dashboard (feature 'dashboard'; decision 0036): senders read the panels, one Query each, and the
  // custom dashboard's panels; managers choose those panels.
  ...orgRoutes('dashboard', featurePolicy('dashboard'), [
    ['GET', '/dashboard/actions', 'getDashboardActions'],
    ['GET', '/dashboard/tasks', 'getDashboardTasks'],
    ['GET', '/dashboard/shifts', 'getDashboardShifts'],
    ['GET', '/settings/dashboard', 'getDashboardSettings'],
  ] as const),
  ...orgRoutes('dashboard', { roles: MANAGER_ROLES, feature: 'dashboard' }, [['PUT', '/settings/dashboard', 'updateDashboardSettings']] as const),

  // automation (feature 'automation', not for assistants; spec 001 §2, issue 16): triggers with their
  // workflow of templates, trigger groups, firings, the webhook secret and /settings/automation.
  ...orgRoutes('automation', { roles: MANAGER_ROLES, feature: 'automation' }, [
    ['GET', '/triggers', 'listTriggers'],
    ['POST', '/triggers', 'createTrigger'],
    ['GET', '/triggers/{triggerId}', 'getTrigger'],
    ['PUT', '/triggers/{triggerId}', 'updateTrigger'],
    ['DELETE', '/triggers/{triggerId}', 'deleteTrigger'],
    ['POST', '/triggers/{triggerId}/secret', 'rotateTriggerSecret'],
    ['GET', '/triggers/{triggerId}/firings', 'listTriggerFirings'],
    ['GET', '/trigger-groups', 'listTriggerGroups'],
    ['POST', '/trigger-groups', 'createTriggerGroup'],
    ['GET', '/trigger-groups/{triggerGroupId}', 'getTriggerGroup'],
    ['PUT', '/trigger-groups/{triggerGroupId}', 'updateTriggerGroup'],
    ['DELETE', '/trigger-groups/{triggerGroupId}', 'deleteTriggerGroup'],
    ['GET', '/settings/automation', 'getAutomationSettings'],
    ['PUT', '/settings/automation', 'updateAutomationSettings'],
  ] as const),
  // The lists of notifications, actions and tasks name the trigger that made an item (meta.trigger_id),
  // for every sender, whatever the flag (items fired earlier keep their name).
  ...orgRoutes('automation', { roles: SENDER_ROLES }, [['GET', '/trigger-names', 'listTriggerNames']] as const),
  // A watch (the emulator) reads its user's trigger menu and the watch settings; devices get both in
  // their config message (docs/device-protocol.md §5).
  ...orgRoutes('automation', { roles: ANY_ROLE }, [['GET', '/watch-config', 'getWatchConfig']] as const),
  // Webhooks for external systems (docs/webhooks.md): public, judged by the trigger's secret (a
  // header, the URL or a Standard Webhooks signature); any body. Throttled at the API stage on AWS.
  { module: 'automation', method: 'POST', path: '/api/hooks/{orgId}/{triggerId}', handler: 'fireWebhook', access: 'public', rawBody: true },
  { module: 'automation', method: 'POST', path: '/api/hooks/{orgId}/{triggerId}/{secret}', handler: 'fireWebhookWithSecret', access: 'public', rawBody: true },

  // The organisation's time zone (spec 001 §7: patch-style { op: 'add', path: '/time_zone', value }),
  // changed on /settings/general by superadmins.
  ...orgRoutes('organizations', { roles: ['superadmin'] }, [['PATCH', '/time-zone', 'updateTimeZone']] as const),
  // /settings/watch (decision 0038): every member's watch reads them through /watch-config; managers change them.
  ...orgRoutes('settings', SETUP, [
    ['GET', '/settings/watch', 'getWatchSettings'],
    ['PUT', '/settings/watch', 'updateWatchSettings'],
  ] as const),
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

/**
 * What the browser's production build keeps of a row besides its module and handler (decision
 * 0078, frontend/build/client-route-table.ts): the API client reads a route as a `ClientRoute`,
 * so reading any other field there fails to compile instead of being undefined in the build.
 */
export type ClientRoute = Pick<RouteDefinition, 'module' | 'handler' | 'method' | 'path' | 'access'>;

export function findRoute(module: ModuleName, handler: string): RouteDefinition {
  const route = ROUTES.find((r) => r.module === module && r.handler === handler);
  if (!route) throw new Error(`No route ${module}.${handler} in the route table`);
  return route;
}
