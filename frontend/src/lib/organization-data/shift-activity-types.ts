import { queryOptions } from '@tanstack/react-query';
import type { ShiftActivityTypeDto } from '@portal/shared/shifts/shift.schema';
import { api } from '../api.ts';
import { orgDataKeys } from './query-keys.ts';

/**
 * GET shift-activity-types: the organisation's activities (name, colour). One cache for the
 * settings tab that edits them, the planner that paints shifts with them and the recipient picker.
 */
export function shiftActivityTypesQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: [...orgDataKeys.shiftActivityTypes(orgId), 'list'],
    queryFn: ({ signal }) => api.request<{ items: ShiftActivityTypeDto[] }>('shifts', 'listShiftActivityTypes', { params: { orgId }, signal }),
  });
}
