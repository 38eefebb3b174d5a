import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActionDto, ActionInput, ActionPage, ActionStatus } from '@portal/shared/actions/action.schema';
import { api } from '../../../lib/api.ts';
import { STATUS_POLL_MS } from '../../../lib/polling.ts';
import { actionTemplatesKey } from './templates.ts';

/** Every actions query of an organisation starts with this key. */
export const actionsKey = (orgId: string) => ['actions', orgId] as const;

const SENT_REFRESH_MS = 10_000;
/** An open action changes by itself (answers, time-outs): its list and details follow it live. */
const hasOpen = (items: readonly Pick<ActionDto, 'state'>[] | undefined) => Boolean(items?.some((item) => item.state === 'open'));

/** GET actions?next_token: the sent list, newest first, one page at a time; polled like a status while an action is open. */
export function actionListQueryOptions(orgId: string) {
  return infiniteQueryOptions({
    queryKey: [...actionsKey(orgId), 'list'],
    queryFn: ({ pageParam, signal }) => api.request<ActionPage>('actions', 'listActions', { params: { orgId }, query: { next_token: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_token || undefined,
    refetchInterval: (query) => (hasOpen(query.state.data?.pages.flatMap((page) => page.items)) ? STATUS_POLL_MS : SENT_REFRESH_MS),
  });
}

/** GET actions/{id}: its state, step and deadline; polled while it is open. */
export function actionQueryOptions(orgId: string, actionId: string) {
  return queryOptions({
    queryKey: [...actionsKey(orgId), 'detail', actionId],
    queryFn: ({ signal }) => api.request<ActionDto>('actions', 'getAction', { params: { orgId, actionId }, signal }),
    refetchInterval: (query) => (hasOpen(query.state.data ? [query.state.data] : undefined) ? STATUS_POLL_MS : false),
  });
}

/** GET actions/{id}/status: per-recipient responses, polled while the details pane is open. */
export function actionStatusQueryOptions(orgId: string, actionId: string) {
  return queryOptions({
    queryKey: [...actionsKey(orgId), 'status', actionId],
    queryFn: ({ signal }) => api.request<ActionStatus>('actions', 'getActionStatus', { params: { orgId, actionId }, signal }),
    refetchInterval: STATUS_POLL_MS,
    staleTime: 0,
  });
}

/** POST actions: sends at once (and, with save_as_template, stores it as a template too). */
export function useSendAction(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ActionInput) => api.request<ActionDto>('actions', 'sendAction', { params: { orgId }, body }),
    onSettled: (_, __, body) =>
      Promise.all([client.invalidateQueries({ queryKey: actionsKey(orgId) }), body.save_as_template ? client.invalidateQueries({ queryKey: actionTemplatesKey(orgId) }) : null]),
  });
}

/** DELETE actions/{id}: an open action is withdrawn from the watches. */
export function useDeleteAction(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (actionId: string) => api.request<void>('actions', 'deleteAction', { params: { orgId, actionId } }),
    onSuccess: (_, actionId) => {
      client.removeQueries({ queryKey: [...actionsKey(orgId), 'detail', actionId] });
      return client.invalidateQueries({ queryKey: actionsKey(orgId) });
    },
  });
}
