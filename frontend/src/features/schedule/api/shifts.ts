import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShiftDto, ShiftInput, ShiftPublishResult, ShiftWeekDto } from '@portal/shared/shifts/shift.schema';
import { api } from '../../../lib/api.ts';

/** Every shifts query of an organisation starts with this key. */
export const shiftsKey = (orgId: string) => ['shifts', orgId] as const;
const weekKey = (orgId: string, week: string) => [...shiftsKey(orgId), 'week', week] as const;

/** GET shift-weeks/{week}: the week's shifts (and the previous week's running into its Monday), its publish state. */
export function shiftWeekQueryOptions(orgId: string, week: string) {
  return queryOptions({
    queryKey: weekKey(orgId, week),
    queryFn: ({ signal }) => api.request<ShiftWeekDto>('shifts', 'getShiftWeek', { params: { orgId, week }, signal }),
  });
}

export type SaveShiftInput = { shiftId?: string; body: ShiftInput };

/** POST shifts or PUT shifts/{id}; the weeks shown are read again (a shift may move between weeks). */
export function useSaveShift(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ shiftId, body }: SaveShiftInput) =>
      shiftId
        ? api.request<ShiftDto>('shifts', 'updateShift', { params: { orgId, shiftId }, body })
        : api.request<ShiftDto>('shifts', 'createShift', { params: { orgId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: shiftsKey(orgId) }),
  });
}

/** DELETE shifts/{id}. */
export function useDeleteShift(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shiftId: string) => api.request<void>('shifts', 'deleteShift', { params: { orgId, shiftId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: shiftsKey(orgId) }),
  });
}

/** POST shift-weeks/{week}/publish or copy-previous: both answer with the week as it now is. */
export function useWeekCommand(orgId: string, week: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (command: 'publish' | 'copy') =>
      command === 'publish'
        ? (await api.request<ShiftPublishResult>('shifts', 'publishShiftWeek', { params: { orgId, week } })).week
        : api.request<ShiftWeekDto>('shifts', 'copyPreviousShiftWeek', { params: { orgId, week } }),
    onSuccess: (updated) => client.setQueryData(weekKey(orgId, week), updated),
  });
}
