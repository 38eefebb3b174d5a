import { queryOptions } from '@tanstack/react-query';
import type { ListDto, TriggerGroupDto } from '@portal/shared/automation/automation.schema';
import { triggerGroupListQueryOptions, triggerGroupsResource } from '../../../lib/organization-data/trigger-groups.ts';

/** GET trigger-groups: the list the organisation's pickers read too (one key, so a save here refreshes them). */
export function triggerGroupsQueryOptions(orgId: string) {
  return queryOptions({ ...triggerGroupListQueryOptions(orgId), select: (page: ListDto<TriggerGroupDto>) => page.items });
}

export const triggerGroupQueryOptions = triggerGroupsResource.itemQueryOptions;
/** POST trigger-groups or PUT trigger-groups/{id}; every reader of groups (tablet settings, trigger menus) refreshes. */
export const useSaveTriggerGroup = triggerGroupsResource.useSave;
export const useDeleteTriggerGroup = triggerGroupsResource.useDelete;
