import { orgBasePath, orgRoute } from '@portal/shared/tenancy/org-path';

/**
 * The one table of app routes: `path` is the router pattern, `href` builds a link. It lives in lib
 * (not app) because features link to these routes and features may not import the app layer.
 */
export const paths = {
  signIn: { path: '/signin', href: () => '/signin' },
  signUp: { path: '/signup', href: () => '/signup' },
  /** Users pending the identity-provider migration change their password here (spec 001 §2). */
  changePassword: { path: '/change-password', href: () => '/change-password' },
  /** Picks the organisation after sign-in; `choose` shows the chooser even with a remembered choice. */
  home: { path: '/', href: (options: { choose?: boolean } = {}) => (options.choose ? '/?choose=1' : '/') },
  /** The watch emulator (issue 5): outside the organisation's shell, signed-in users only. */
  watch: { path: '/watch', href: () => '/watch' },
  /** The kiosk emulator (issue 16, decision 0043): a tablet connecting with its own credentials, signed in or not. */
  kiosk: { path: '/kiosk', href: () => '/kiosk' },
  /** Every signed-in screen lives under the organisation's id (spec 001 §2). */
  organization: {
    path: '/:orgId',
    href: (orgId: string, route?: string) => (route ? orgRoute(orgId, route) : orgBasePath(orgId)),
  },
} as const;

/**
 * Routes inside an organisation (spec 000 §2, spec 001 §2), relative to its base path. The router
 * mounts them with `routePattern`; links use `paths.organization.href(orgId, orgPaths.x)`.
 */
export const orgPaths = {
  noAccess: '/no-access',
  dashboard: '/dashboard',
  dashboardTasks: '/dashboard/tasks',
  dashboardActions: '/dashboard/actions',
  /** The custom dashboard (the panels an organisation chose) and its "Edit panels" card (decision 0037). */
  dashboardCustom: '/dashboard/custom',
  dashboardCustomEdit: '/dashboard/custom/edit',
  /**
   * The shifts module's planner. Its address is the spec's /schedule and its feature flag the spec's
   * shift_planner (shared/src/tenancy/features.ts); code names it shifts (decision 0069).
   */
  shifts: '/schedule',
  /** The planner at a date: its week, or with view 'day' that day (spec 000 §2: /schedule/:date?/:view?/:templateId?). */
  shiftsDate: '/schedule/:date',
  shiftsView: '/schedule/:date/:view',
  /** A shift template's apply view over the shown week or day (decision 0035). */
  shiftTemplateApply: '/schedule/:date/:view/:templateId',
  notifications: '/notifications',
  notificationsCreate: '/notifications/create',
  notificationSend: '/notifications/send/:templateId',
  notificationCopy: '/notifications/copy/:notificationId',
  notificationInspect: '/notifications/inspect/:notificationId',
  notificationDelete: '/notifications/delete/:notificationId',
  notificationSelect: '/notifications/select/:notificationId',
  notificationEdit: '/notifications/edit/:notificationId',
  notificationEditRecurring: '/notifications/edit-recurring/:notificationId',
  notificationEditRecurringRemote: '/notifications/edit-recurring-remote/:notificationId',
  notificationTemplateCreate: '/notifications/template/create',
  notificationTemplateCopy: '/notifications/template/copy/:templateId',
  notificationTemplateInspect: '/notifications/template/inspect/:templateId',
  notificationTemplateEdit: '/notifications/template/edit/:templateId',
  notificationTemplateDelete: '/notifications/template/delete/:templateId',
  tasks: '/tasks',
  tasksCreate: '/tasks/create',
  taskSend: '/tasks/send/:templateId',
  taskSelect: '/tasks/select/:taskId',
  taskEdit: '/tasks/edit/:taskId',
  taskEditRecurring: '/tasks/edit-recurring/:taskId',
  taskEditRecurringRemote: '/tasks/edit-recurring-remote/:taskId',
  taskCopy: '/tasks/copy/:taskId',
  taskComplete: '/tasks/complete/:taskId',
  taskUndo: '/tasks/complete/undo/:taskId',
  taskDelete: '/tasks/delete/:taskId',
  taskInspect: '/tasks/inspect/:taskId',
  taskDraftEdit: '/tasks/draft/edit/:draftId',
  taskDraftDelete: '/tasks/draft/delete/:draftId',
  taskSendFromDraft: '/tasks/send-from-draft/:draftId',
  taskTemplateCreate: '/tasks/template/create',
  taskTemplateCopy: '/tasks/template/copy/:templateId',
  taskTemplateEdit: '/tasks/template/edit/:templateId',
  taskTemplateInspect: '/tasks/template/inspect/:templateId',
  taskTemplateDelete: '/tasks/template/delete/:templateId',
  actions: '/actions',
  actionsCreate: '/actions/create',
  actionSend: '/actions/send/:templateId',
  actionCopy: '/actions/copy/:actionId',
  actionDelete: '/actions/delete/:actionId',
  actionInspect: '/actions/inspect/:actionId',
  actionTemplateCreate: '/actions/template/create',
  actionTemplateCopy: '/actions/template/copy/:templateId',
  actionTemplateEdit: '/actions/template/edit/:templateId',
  actionTemplateSend: '/actions/template/send/:templateId',
  actionTemplateInspect: '/actions/template/inspect/:templateId',
  actionTemplateDelete: '/actions/template/delete/:templateId',
  automation: '/automation',
  automationTriggers: '/automation/triggers',
  automationTriggersCreate: '/automation/triggers/create',
  automationTriggerEdit: '/automation/triggers/edit/:triggerId',
  automationTriggerGroups: '/automation/trigger-groups',
  automationTriggerGroupsCreate: '/automation/trigger-groups/create',
  automationTriggerGroupEdit: '/automation/trigger-groups/edit/:triggerGroupId',
  /** The reports (issue 32): the period and the report shown in the query. */
  reports: '/reports',
  users: '/users',
  usersCreate: '/users/create',
  userEdit: '/users/:userId/edit',
  usersDevices: '/users/devices',
  usersDevicesCreate: '/users/devices/create',
  usersDeviceEdit: '/users/devices/:userId/edit',
  userGroups: '/users/user-groups',
  userGroupsCreate: '/users/user-groups/create',
  userGroupEdit: '/users/user-groups/:groupId/edit',
  accessLevels: '/users/access-levels',
  devices: '/devices',
  devicesCreate: '/devices/create',
  deviceEdit: '/devices/:deviceId/edit',
  tabletEdit: '/devices/tablet/:deviceId/edit',
  settings: '/settings',
  settingsGeneral: '/settings/general',
  settingsGeneralInspect: '/settings/general/inspect',
  settingsShiftPlanner: '/settings/shift-planner',
  shiftActivityCreate: '/settings/shift-planner/shift-activity/create',
  shiftActivityEdit: '/settings/shift-planner/shift-activity/edit/:activityTypeId',
  settingsTasks: '/settings/tasks',
  settingsActions: '/settings/actions',
  settingsAutomation: '/settings/automation',
  settingsWatch: '/settings/watch',
  settingsTablet: '/settings/tablet',
  tabletTemplatesCreate: '/settings/tablet/templates/create',
  tabletTemplateInspect: '/settings/tablet/templates/:templateId/inspect',
  tabletTemplateEdit: '/settings/tablet/templates/:templateId/edit',
  tabletTemplateDelete: '/settings/tablet/templates/:templateId/delete',
  /** The organisation's audit trail (issue 32): superadmins only, its filter in the query. */
  settingsAudit: '/settings/audit',
  help: '/help',
  helpFaq: '/help/FAQ',
  helpUserGuide: '/help/user-guide',
  helpContactUs: '/help/contact-us',
  helpContactUsCreate: '/help/contact-us/create',
} as const;

export type OrgPath = (typeof orgPaths)[keyof typeof orgPaths];

/** The router's pattern for a route nested under `parent` ('' for the organisation itself). */
export function routePattern(route: string, parent = ''): string {
  if (parent && route !== parent && !route.startsWith(`${parent}/`)) throw new Error(`${route} is not under ${parent}`);
  return route.slice(parent.length).replace(/^\/+/, '');
}

/** A route with its `:name` parameters filled in, e.g. fillRoute(orgPaths.userEdit, { userId }). */
export function fillRoute(route: string, params: Record<string, string>): string {
  return route.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route} needs ${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * The organisation a pathname is under ('/:orgId/...'), or undefined for the app's own top-level
 * paths (/signin, /watch, ...), which the router matches before '/:orgId'.
 */
export function organizationOf(pathname: string): string | undefined {
  const orgId = pathname.split('/')[1];
  if (!orgId) return undefined;
  if (Object.values(paths).some(({ path }) => path !== paths.organization.path && path.split('/')[1] === orgId)) return undefined;
  try {
    return decodeURIComponent(orgId);
  } catch {
    return undefined;
  }
}

/** The part of a pathname after the organisation's base path ('/' for the base path itself). */
export function pathWithinOrg(pathname: string, orgId: string): string {
  const base = orgBasePath(orgId);
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return pathname;
  return pathname.slice(base.length) || '/';
}

/** History state the guards pass to /signin: where to return, and an optional message to show. */
export interface SignInState {
  from?: string;
  message?: string;
}

/** Where to go after sign-in: the page the user came from if it is an in-app path, else home. */
export function returnPath(state: unknown): string {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return paths.home.href();
  if (from === paths.signIn.path || from.startsWith(`${paths.signIn.path}?`)) return paths.home.href();
  return from;
}
