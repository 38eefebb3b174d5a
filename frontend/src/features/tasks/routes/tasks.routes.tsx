import type { ComponentType } from 'react';
import type { NonIndexRouteObject, RouteObject } from 'react-router-dom';
import { orgPaths, routePattern } from '../../../lib/paths.ts';
import type { RoutePrefetch } from '../../../lib/route-prefetch.ts';

const page = () => import('./tasks-page.route.tsx');
const cards = () => import('./task-cards.route.tsx');
const overlays = () => import('./task-overlays.route.tsx');

function overlay<M extends Record<N, ComponentType>, N extends string>(route: string, load: () => Promise<M>, name: N): RouteObject {
  return { path: routePattern(route, orgPaths.tasks), lazy: async () => ({ Component: (await load())[name] }) };
}

/**
 * The tab /tasks opens on, asked for beside the page's code (issue 12, decision 0047): the tabs of
 * the member's roles, as the page chooses them (employees have no drafts or templates).
 */
export const prefetchTaskList: RoutePrefetch = async (client, { organization, roles }, url) => {
  // Loaded here, not with the route table: every organisation page loads that.
  const [{ taskListQueryOptions }, { mayTick }, { isTaskListTab, tabOf, tabsFor }] = await Promise.all([
    import('../api/tasks.ts'),
    import('../utils/task-view.ts'),
    import('../utils/task-tabs.ts'),
  ]);
  const tab = tabOf(url.search, tabsFor(mayTick(roles)));
  if (isTaskListTab(tab)) await client.prefetchInfiniteQuery(taskListQueryOptions(organization.id, tab));
};

/**
 * /tasks with every overlay of spec 000 §2 (and send from a template and template create, as
 * notifications and actions have them); the tab and the selection live in the query. The app
 * gates it by the 'tasks' feature; every page loads on demand.
 */
export const tasksRoute: RouteObject = {
  path: routePattern(orgPaths.tasks),
  lazy: async () => ({ Component: (await page()).TasksPageRoute }),
  children: [
    { index: true },
    overlay(orgPaths.tasksCreate, cards, 'CreateTaskRoute'),
    overlay(orgPaths.taskSend, cards, 'SendFromTemplateRoute'),
    overlay(orgPaths.taskCopy, cards, 'CopyTaskRoute'),
    overlay(orgPaths.taskEdit, cards, 'EditTaskRoute'),
    overlay(orgPaths.taskEditRecurring, cards, 'EditRecurringRoute'),
    overlay(orgPaths.taskEditRecurringRemote, cards, 'EditRecurringRemoteRoute'),
    overlay(orgPaths.taskDraftEdit, cards, 'EditDraftRoute'),
    overlay(orgPaths.taskSendFromDraft, cards, 'SendFromDraftRoute'),
    overlay(orgPaths.taskTemplateCreate, cards, 'CreateTemplateRoute'),
    overlay(orgPaths.taskTemplateCopy, cards, 'CopyTemplateRoute'),
    overlay(orgPaths.taskTemplateEdit, cards, 'EditTemplateRoute'),
    overlay(orgPaths.taskSelect, overlays, 'SelectTaskRoute'),
    overlay(orgPaths.taskUndo, overlays, 'UndoCompleteRoute'),
    overlay(orgPaths.taskComplete, overlays, 'CompleteTaskRoute'),
    overlay(orgPaths.taskDelete, overlays, 'DeleteTaskRoute'),
    overlay(orgPaths.taskInspect, overlays, 'InspectTaskRoute'),
    overlay(orgPaths.taskDraftDelete, overlays, 'DeleteDraftRoute'),
    overlay(orgPaths.taskTemplateInspect, overlays, 'InspectTemplateRoute'),
    overlay(orgPaths.taskTemplateDelete, overlays, 'DeleteTemplateRoute'),
    { path: '*', lazy: async () => ({ Component: (await page()).TasksRedirect }) },
  ],
};

/** /settings/tasks: the organisation's task reminders and overdue notice, the module's own tab of the settings page (the app hands it to the settings routes). */
export const taskSettingsRoute: NonIndexRouteObject = {
  path: routePattern(orgPaths.settingsTasks, orgPaths.settings),
  lazy: async () => ({ Component: (await import('./task-settings.route.tsx')).TaskSettingsRoute }),
};
