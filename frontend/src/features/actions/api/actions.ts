import { queryOptions } from '@tanstack/react-query';
import type { ActionDto, ActionInput, ActionPage, ActionSettings, ActionStatus } from '@portal/shared/actions/action.schema';
import { api } from '../../../lib/api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';
import { STATUS_POLL_MS } from '../../../lib/polling.ts';
import { crudResource, settingsResource } from '../../../lib/resource-api.ts';
import { templateRoutes, templatesKeyOf } from '../../../lib/template-api.ts';

const actionTemplatesKey = templatesKeyOf(templateRoutes('actions'));

/** Every actions query of an organisation starts with this key. */
export const actionsKey = (orgId: string) => ['actions', orgId] as const;

const SENT_REFRESH_MS = 10_000;
/** An open action changes by itself (answers, time-outs): its list and details follow it live. */
const hasOpen = (items: readonly Pick<ActionDto, 'state'>[] | undefined) => Boolean(items?.some((item) => item.state === 'open'));

/**
 * Actions: GET actions/{id} (its state, step and deadline; polled while it is open); POST actions
 * sends at once (and, with save_as_template, stores it as a template too); DELETE actions/{id}: an
 * open action is withdrawn from the watches.
 */
const actions = crudResource<{ item: ActionDto; input: ActionInput; list: ActionPage }>()({
  module: 'actions',
  key: actionsKey,
  id: 'actionId',
  list: 'listActions',
  get: 'getAction',
  create: 'sendAction',
  remove: 'deleteAction',
  item: { refetchInterval: (action) => (hasOpen(action ? [action] : undefined) ? STATUS_POLL_MS : false) },
  refreshes: (orgId, body) => [actionsKey(orgId), body?.save_as_template ? actionTemplatesKey(orgId) : null],
});

/** GET actions?next_token: the sent list, newest first, one page at a time; polled like a status while an action is open. */
export const actionListQueryOptions = (orgId: string) =>
  actions.pagesQueryOptions(orgId, { refetchInterval: (pages) => (hasOpen(pages?.flatMap((page) => page.items)) ? STATUS_POLL_MS : SENT_REFRESH_MS) });
export const actionQueryOptions = actions.itemQueryOptions;
export const useSendAction = actions.useSave;
export const useDeleteAction = actions.useDelete;

/** GET actions/{id}/status: per-recipient responses, polled while the details pane is open. */
export function actionStatusQueryOptions(orgId: string, actionId: string) {
  return queryOptions({
    queryKey: [...actionsKey(orgId), 'status', actionId],
    queryFn: ({ signal }) => api.request<ActionStatus>('actions', 'getActionStatus', { params: { orgId, actionId }, signal }),
    refetchInterval: STATUS_POLL_MS,
    staleTime: 0,
  });
}

/** GET settings/actions: the organisation's time-out options and default (the action form offers them); PUT (managers): the settings page. */
const actionSettings = settingsResource<ActionSettings>()({
  module: 'actions',
  key: orgDataKeys.actionSettings,
  get: 'getActionSettings',
  update: 'updateActionSettings',
  staleTime: 60_000,
});

export const actionSettingsQueryOptions = actionSettings.settingsQueryOptions;
export const useActionSettings = actionSettings.useSettings;
export const useSaveActionSettings = actionSettings.useSave;
