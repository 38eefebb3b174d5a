import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListDto, TriggerNameDto } from '@portal/shared/automation/automation.schema';
import { SENDER_ROLES, hasAnyRole } from '@portal/shared/tenancy/roles';
import { api } from '../api.ts';
import { useOrganizationContext } from '../organization-context.tsx';
import { orgDataKeys } from './query-keys.ts';

/**
 * GET trigger-names: every trigger's name (senders, whatever the automation flag: an item fired
 * earlier keeps its trigger's name). The lists of notifications, actions and tasks name the
 * trigger that made an item (`meta.trigger_id`).
 */
export function triggerNamesQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: [...orgDataKeys.triggers(orgId), 'names'],
    queryFn: ({ signal }) => api.request<ListDto<TriggerNameDto>>('automation', 'listTriggerNames', { params: { orgId }, signal }),
    staleTime: 60_000,
  });
}

const byId = (list: ListDto<TriggerNameDto>): ReadonlyMap<string, string> => new Map(list.items.map((trigger) => [trigger.id, trigger.name]));

/**
 * The name of the trigger `triggerId`: undefined while loading or for a caller who may not read
 * names, null for a trigger that no longer exists. Asked only by rows that have a trigger, so an
 * organisation without automation makes no request.
 */
export function useTriggerName(orgId: string, triggerId: string): string | null | undefined {
  const { roles } = useOrganizationContext();
  const allowed = hasAnyRole(roles, SENDER_ROLES);
  const names = useQuery({ ...triggerNamesQueryOptions(orgId), enabled: allowed, select: byId });
  if (!names.data) return undefined;
  return names.data.get(triggerId) ?? null;
}
