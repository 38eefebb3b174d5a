import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ShiftActivityTypeDto, ShiftActivityTypeInput } from '@portal/shared/shifts/shift.schema';
import { api } from '../../../lib/api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';

/** The activity list and the recipient choices (activities are a recipient kind) are read again. */
function refresh(client: QueryClient, orgId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: orgDataKeys.shiftActivityTypes(orgId) }),
    client.invalidateQueries({ queryKey: orgDataKeys.recipients(orgId) }),
  ]);
}

/** POST shift-activity-types or PUT shift-activity-types/{id}; every reader of the list (planner, recipient picker) refreshes. */
export function useSaveShiftActivityType(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ activityTypeId, body }: { activityTypeId?: string; body: ShiftActivityTypeInput }) =>
      activityTypeId
        ? api.request<ShiftActivityTypeDto>('shifts', 'updateShiftActivityType', { params: { orgId, activityTypeId }, body })
        : api.request<ShiftActivityTypeDto>('shifts', 'createShiftActivityType', { params: { orgId }, body }),
    onSettled: () => refresh(client, orgId),
  });
}

/** DELETE shift-activity-types/{id}. */
export function useDeleteShiftActivityType(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (activityTypeId: string) => api.request<void>('shifts', 'deleteShiftActivityType', { params: { orgId, activityTypeId } }),
    onSuccess: () => refresh(client, orgId),
  });
}
