import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListDto, TriggerGroupDto, TriggerGroupInput } from '@portal/shared/automation/automation.schema';
import { api } from '../../../lib/api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';
import { triggerGroupListQueryOptions } from '../../../lib/organization-data/trigger-groups.ts';

const groupsKey = orgDataKeys.triggerGroups;

/** GET trigger-groups: the list the organisation's pickers read too (one key, so a save here refreshes them). */
export function triggerGroupsQueryOptions(orgId: string) {
  return queryOptions({ ...triggerGroupListQueryOptions(orgId), select: (page: ListDto<TriggerGroupDto>) => page.items });
}

export function triggerGroupQueryOptions(orgId: string, triggerGroupId: string) {
  return queryOptions({
    queryKey: [...groupsKey(orgId), 'detail', triggerGroupId],
    queryFn: ({ signal }) => api.request<TriggerGroupDto>('automation', 'getTriggerGroup', { params: { orgId, triggerGroupId }, signal }),
  });
}

/** POST trigger-groups or PUT trigger-groups/{id}; every reader of groups (tablet settings, trigger menus) refreshes. */
export function useSaveTriggerGroup(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ triggerGroupId, body }: { triggerGroupId?: string; body: TriggerGroupInput }) =>
      triggerGroupId
        ? api.request<TriggerGroupDto>('automation', 'updateTriggerGroup', { params: { orgId, triggerGroupId }, body })
        : api.request<TriggerGroupDto>('automation', 'createTriggerGroup', { params: { orgId }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: groupsKey(orgId) }),
  });
}

export function useDeleteTriggerGroup(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (triggerGroupId: string) => api.request<void>('automation', 'deleteTriggerGroup', { params: { orgId, triggerGroupId } }),
    onSuccess: (_, triggerGroupId) => {
      client.removeQueries({ queryKey: [...groupsKey(orgId), 'detail', triggerGroupId] });
      return client.invalidateQueries({ queryKey: [...groupsKey(orgId), 'list'] });
    },
  });
}
