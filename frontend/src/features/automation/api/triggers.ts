import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FiringsDto, ListDto, TriggerDto, TriggerInput, TriggerWithSecretDto } from '@portal/shared/automation/automation.schema';
import { api } from '../../../lib/api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';
import { STATUS_POLL_MS } from '../../../lib/polling.ts';
import { crudResource } from '../../../lib/resource-api.ts';

/** The secret is shown once from the answer; the cache keeps the trigger without it. */
function withoutSecret(dto: TriggerDto | TriggerWithSecretDto): TriggerDto {
  if (!('secret' in dto)) return dto;
  const { secret: _secret, ...trigger } = dto;
  return trigger;
}

/**
 * Triggers (at most TRIGGERS_PER_ORG_MAX, one answer). POST and PUT both answer with the secret
 * when the save made the trigger external. A change reaches the list, the card, the trigger names
 * and the trigger groups' names of it.
 */
const triggers = crudResource<{ item: TriggerDto; input: TriggerInput; saved: TriggerWithSecretDto; list: ListDto<TriggerDto> }>()({
  module: 'automation',
  key: orgDataKeys.triggers,
  id: 'triggerId',
  list: 'listTriggers',
  get: 'getTrigger',
  create: 'createTrigger',
  update: 'updateTrigger',
  remove: 'deleteTrigger',
  refreshes: (orgId) => [orgDataKeys.triggers(orgId), orgDataKeys.triggerGroups(orgId)],
  cacheSaved: withoutSecret,
});

/** GET triggers: the organisation's triggers. */
export function triggersQueryOptions(orgId: string) {
  return queryOptions({ ...triggers.listQueryOptions(orgId), select: (page: ListDto<TriggerDto>) => page.items });
}

export const triggerQueryOptions = triggers.itemQueryOptions;
export const useSaveTrigger = triggers.useSave;
export const useDeleteTrigger = triggers.useDelete;

/** GET triggers/{id}/firings: the recent firings and the response time, polled while the trigger's card is open. */
export function firingsQueryOptions(orgId: string, triggerId: string) {
  return queryOptions({
    queryKey: [...triggers.key(orgId), 'firings', triggerId],
    queryFn: ({ signal }) => api.request<FiringsDto>('automation', 'listTriggerFirings', { params: { orgId, triggerId }, signal }),
    refetchInterval: STATUS_POLL_MS,
    staleTime: 0,
  });
}

/** POST triggers/{id}/secret: a new secret; the old one stops working at once. */
export function useRotateSecret(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (triggerId: string) => api.request<TriggerWithSecretDto>('automation', 'rotateTriggerSecret', { params: { orgId, triggerId } }),
    onSuccess: (saved) => {
      client.setQueryData(triggers.detailKey(orgId, saved.id), withoutSecret(saved));
      return triggers.refresh(client, orgId);
    },
  });
}
