import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FiringsDto, ListDto, TriggerDto, TriggerInput, TriggerWithSecretDto } from '@portal/shared/automation/automation.schema';
import { api } from '../../../lib/api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';
import { STATUS_POLL_MS } from '../../../lib/polling.ts';

const triggersKey = orgDataKeys.triggers;

/** GET triggers: the organisation's triggers (at most TRIGGERS_PER_ORG_MAX, one answer). */
export function triggersQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: [...triggersKey(orgId), 'list'],
    queryFn: ({ signal }) => api.request<ListDto<TriggerDto>>('automation', 'listTriggers', { params: { orgId }, signal }),
    select: (page) => page.items,
  });
}

export function triggerQueryOptions(orgId: string, triggerId: string) {
  return queryOptions({
    queryKey: [...triggersKey(orgId), 'detail', triggerId],
    queryFn: ({ signal }) => api.request<TriggerDto>('automation', 'getTrigger', { params: { orgId, triggerId }, signal }),
  });
}

/** GET triggers/{id}/firings: the recent firings and the response time, polled while the trigger's card is open. */
export function firingsQueryOptions(orgId: string, triggerId: string) {
  return queryOptions({
    queryKey: [...triggersKey(orgId), 'firings', triggerId],
    queryFn: ({ signal }) => api.request<FiringsDto>('automation', 'listTriggerFirings', { params: { orgId, triggerId }, signal }),
    refetchInterval: STATUS_POLL_MS,
    staleTime: 0,
  });
}

/** A trigger's change reaches its list, its card and the trigger groups' names of it. */
function refresh(client: QueryClient, orgId: string, saved?: TriggerDto) {
  if (saved) client.setQueryData([...triggersKey(orgId), 'detail', saved.id], withoutSecret(saved));
  return client.invalidateQueries({ queryKey: [...triggersKey(orgId), 'list'] });
}

/** The secret is shown once from the answer; the cache keeps the trigger without it. */
function withoutSecret(dto: TriggerDto | TriggerWithSecretDto): TriggerDto {
  if (!('secret' in dto)) return dto;
  const { secret: _secret, ...trigger } = dto;
  return trigger;
}

/** POST triggers or PUT triggers/{id}: both answer with the secret when this save made the trigger external. */
export function useSaveTrigger(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ triggerId, body }: { triggerId?: string; body: TriggerInput }) =>
      triggerId
        ? api.request<TriggerWithSecretDto>('automation', 'updateTrigger', { params: { orgId, triggerId }, body })
        : api.request<TriggerWithSecretDto>('automation', 'createTrigger', { params: { orgId }, body }),
    onSuccess: (saved) => refresh(client, orgId, saved),
  });
}

/** POST triggers/{id}/secret: a new secret; the old one stops working at once. */
export function useRotateSecret(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (triggerId: string) => api.request<TriggerWithSecretDto>('automation', 'rotateTriggerSecret', { params: { orgId, triggerId } }),
    onSuccess: (saved) => refresh(client, orgId, saved),
  });
}

/** DELETE triggers/{id}; the trigger groups are read again too (they name triggers). */
export function useDeleteTrigger(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (triggerId: string) => api.request<void>('automation', 'deleteTrigger', { params: { orgId, triggerId } }),
    onSuccess: (_, triggerId) => {
      client.removeQueries({ queryKey: [...triggersKey(orgId), 'detail', triggerId] });
      return Promise.all([refresh(client, orgId), client.invalidateQueries({ queryKey: orgDataKeys.triggerGroups(orgId) })]);
    },
  });
}
