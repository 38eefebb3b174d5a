import { fillRoute, orgPaths, paths } from '../../frontend/src/lib/paths.ts';

/**
 * Which addresses the accessibility walk (test/e2e/accessibility.e2e.test.ts) opens, derived from
 * the app's path table (frontend/src/lib/paths.ts): every route of an organisation is opened with
 * the ids of entities the test creates, so a route added to the table joins the walk by itself. A
 * route with a parameter this file cannot fill fails test/unit/accessibility-walk.test.ts.
 */

/** Ids of the entities the walk creates in the demo organisation. */
export interface WalkIds {
  orgId: string;
  userId: string;
  groupId: string;
  /** A watch (device edit). */
  watchId: string;
  /** A tablet (tablet edit). */
  tabletId: string;
  tabletTemplateId: string;
  notificationTemplateId: string;
  /** A one-off notification scheduled in the future. */
  notificationId: string;
  /** A notification sent at once (its details in the sent tab); that view is left out without one. */
  sentId?: string;
  /** The root of a recurring series. */
  seriesId: string;
  /** A sent action (its details in the sent tab, copy, delete, inspect). */
  actionId: string;
  actionTemplateId: string;
  /** A task with a checklist, started, to the walk's user (details, edit, copy, complete, delete, inspect). */
  taskId: string;
  taskDraftId: string;
  taskTemplateId: string;
  /** A shift activity (its edit overlay). */
  shiftActivityTypeId: string;
  /** A week template of the planner (its apply view). */
  shiftTemplateId: string;
  /** An external trigger with an action template in its workflow (its card: webhook, firings). */
  triggerId: string;
  triggerGroupId: string;
}

/** Ids named after their entity, for the unit tests that walk the path table without a runtime. */
export const SAMPLE_WALK_IDS: WalkIds = {
  orgId: 'org-1',
  userId: 'user-1',
  groupId: 'group-1',
  watchId: 'watch-1',
  tabletId: 'tablet-1',
  tabletTemplateId: 'tablet-template-1',
  notificationTemplateId: 'notification-template-1',
  notificationId: 'notification-1',
  sentId: 'sent-1',
  seriesId: 'series-1',
  actionId: 'action-1',
  actionTemplateId: 'action-template-1',
  taskId: 'task-1',
  taskDraftId: 'task-draft-1',
  taskTemplateId: 'task-template-1',
  shiftActivityTypeId: 'activity-1',
  shiftTemplateId: 'shift-template-1',
  triggerId: 'trigger-1',
  triggerGroupId: 'trigger-group-1',
};

export type Session = 'signedOut' | 'signedIn';
type PathKey = keyof typeof paths;
type OrgPathKey = keyof typeof orgPaths;

/** One address to check, named for the failure message. */
export interface WalkStop {
  name: string;
  url: string;
}

/**
 * The routes outside an organisation and who opens them ('either': a page for both, walked in both).
 * Typed by the table's keys: a route added to `paths` does not compile here until it says how it is walked.
 */
const TOP_LEVEL: Record<PathKey, { session: Session | 'either'; urls: (ids: WalkIds) => string[] }> = {
  signIn: { session: 'signedOut', urls: () => [paths.signIn.href()] },
  signUp: { session: 'signedOut', urls: () => [paths.signUp.href()] },
  changePassword: { session: 'signedIn', urls: () => [paths.changePassword.href()] },
  home: { session: 'signedIn', urls: () => [paths.home.href({ choose: true })] },
  watch: { session: 'signedIn', urls: () => [paths.watch.href()] },
  // A kiosk tablet connects with its own credentials: the page is the same signed out and in.
  kiosk: { session: 'either', urls: () => [paths.kiosk.href()] },
  organization: { session: 'signedIn', urls: (ids) => [paths.organization.href(ids.orgId)] },
};

/** A route parameter's id by its name; routes whose entity differs override it below. */
const BY_NAME: Record<string, (ids: WalkIds) => string> = {
  userId: (ids) => ids.userId,
  groupId: (ids) => ids.groupId,
  deviceId: (ids) => ids.watchId,
  templateId: (ids) => ids.notificationTemplateId,
  notificationId: (ids) => ids.notificationId,
  actionId: (ids) => ids.actionId,
  taskId: (ids) => ids.taskId,
  draftId: (ids) => ids.taskDraftId,
  activityTypeId: (ids) => ids.shiftActivityTypeId,
  triggerId: (ids) => ids.triggerId,
  triggerGroupId: (ids) => ids.triggerGroupId,
};

/** Routes opened with other (or more) entities than the parameter's name says. */
const OVERRIDES: Partial<Record<OrgPathKey, (ids: WalkIds) => Array<Record<string, string>>>> = {
  tabletEdit: (ids) => [{ deviceId: ids.tabletId }],
  tabletTemplateInspect: (ids) => [{ templateId: ids.tabletTemplateId }],
  tabletTemplateEdit: (ids) => [{ templateId: ids.tabletTemplateId }],
  tabletTemplateDelete: (ids) => [{ templateId: ids.tabletTemplateId }],
  notificationEditRecurring: (ids) => [{ notificationId: ids.seriesId }],
  notificationEditRecurringRemote: (ids) => [{ notificationId: ids.seriesId }],
  // A series answers differently from a one-off here: both are walked.
  notificationInspect: (ids) => [{ notificationId: ids.notificationId }, { notificationId: ids.seriesId }],
  notificationDelete: (ids) => [{ notificationId: ids.notificationId }, { notificationId: ids.seriesId }],
  actionSend: (ids) => [{ templateId: ids.actionTemplateId }],
  actionTemplateCopy: (ids) => [{ templateId: ids.actionTemplateId }],
  actionTemplateEdit: (ids) => [{ templateId: ids.actionTemplateId }],
  actionTemplateSend: (ids) => [{ templateId: ids.actionTemplateId }],
  actionTemplateInspect: (ids) => [{ templateId: ids.actionTemplateId }],
  actionTemplateDelete: (ids) => [{ templateId: ids.actionTemplateId }],
  taskSend: (ids) => [{ templateId: ids.taskTemplateId }],
  taskTemplateCopy: (ids) => [{ templateId: ids.taskTemplateId }],
  taskTemplateEdit: (ids) => [{ templateId: ids.taskTemplateId }],
  taskTemplateInspect: (ids) => [{ templateId: ids.taskTemplateId }],
  taskTemplateDelete: (ids) => [{ templateId: ids.taskTemplateId }],
  // The planner: a week across the year's end (2026-W53) and a day.
  shiftsDate: () => [{ date: '2026-12-31' }],
  shiftsView: () => [{ date: '2026-12-31', view: 'day' }, { date: '2026-12-28', view: 'week' }],
  shiftTemplateApply: (ids) => [{ date: '2026-12-28', view: 'week', templateId: ids.shiftTemplateId }],
};

const PARAM = /:([A-Za-z]+)/g;

/** The parameter sets a route of an organisation is opened with; throws for a parameter with no id. */
export function orgRouteParams(key: OrgPathKey, ids: WalkIds): Array<Record<string, string>> {
  const override = OVERRIDES[key];
  if (override) return override(ids);
  const names = [...orgPaths[key].matchAll(PARAM)].map(([, name]) => name!);
  const params: Record<string, string> = {};
  for (const name of names) {
    const byName = BY_NAME[name];
    if (!byName) throw new Error(`The accessibility walk has no id for :${name} of orgPaths.${key}: add one to test/support/accessibility-walk.ts`);
    params[name] = byName(ids);
  }
  return [params];
}

/** Views a route keeps in its query rather than its path (tabs, the selected item, developer mode). */
const QUERY_VIEWS: ReadonlyArray<{ key: OrgPathKey; query: (ids: WalkIds) => string | undefined }> = [
  { key: 'notifications', query: (ids) => (ids.sentId ? `?tab=sent&selected=${ids.sentId}` : undefined) },
  { key: 'notifications', query: () => '?tab=scheduled' },
  { key: 'notifications', query: (ids) => `?tab=scheduled&selected=${ids.notificationId}` },
  { key: 'notifications', query: (ids) => `?tab=scheduled&selected=${ids.seriesId}` },
  { key: 'notifications', query: () => '?tab=templates' },
  { key: 'notifications', query: (ids) => `?tab=templates&selected=${ids.notificationTemplateId}` },
  { key: 'actions', query: (ids) => `?tab=sent&selected=${ids.actionId}` },
  { key: 'actions', query: () => '?tab=templates' },
  { key: 'actions', query: (ids) => `?tab=templates&selected=${ids.actionTemplateId}` },
  { key: 'tasks', query: (ids) => `?tab=today&selected=${ids.taskId}` },
  { key: 'tasks', query: () => '?tab=scheduled' },
  { key: 'tasks', query: () => '?tab=completed' },
  { key: 'tasks', query: () => '?tab=all' },
  { key: 'tasks', query: (ids) => `?tab=drafts&selected=${ids.taskDraftId}` },
  { key: 'tasks', query: (ids) => `?tab=templates&selected=${ids.taskTemplateId}` },
  { key: 'reports', query: () => '?tab=tasks' },
  { key: 'reports', query: () => '?tab=notifications' },
  { key: 'reports', query: () => '?tab=automation&range=custom&from=2026-11-01&to=2026-11-30' },
  { key: 'users', query: () => '?developer-mode=true' },
];

/** Every route of an organisation as addresses, in the table's order, then the views kept in a query. */
export function orgWalk(ids: WalkIds): WalkStop[] {
  const routes = (Object.keys(orgPaths) as OrgPathKey[]).flatMap((key) =>
    orgRouteParams(key, ids).map((params, index) => ({
      name: index === 0 ? `orgPaths.${key}` : `orgPaths.${key} #${index + 1}`,
      url: paths.organization.href(ids.orgId, fillRoute(orgPaths[key], params)),
    })),
  );
  const views = QUERY_VIEWS.flatMap(({ key, query }) => {
    const search = query(ids);
    return search === undefined ? [] : [{ name: `orgPaths.${key}${search}`, url: `${paths.organization.href(ids.orgId, orgPaths[key])}${search}` }];
  });
  return [...routes, ...views];
}

/** The routes outside an organisation one session opens. */
export function topLevelWalk(session: Session, ids: WalkIds): WalkStop[] {
  return (Object.keys(TOP_LEVEL) as PathKey[])
    .filter((key) => TOP_LEVEL[key].session === session || TOP_LEVEL[key].session === 'either')
    .flatMap((key) => TOP_LEVEL[key].urls(ids).map((url) => ({ name: `paths.${key}`, url })));
}

/** The whole walk of a signed-in user: the routes outside the organisation, then every route inside it. */
export function signedInWalk(ids: WalkIds): WalkStop[] {
  return [...topLevelWalk('signedIn', ids), ...orgWalk(ids)];
}
