import type { ShiftActivityTypeDto, ShiftActivityTypeInput } from '@portal/shared/shifts/shift.schema';
import { crudResource } from '../resource-api.ts';
import { orgDataKeys } from './query-keys.ts';

/**
 * Shift activity types (name, colour): the settings tab edits them, the planner paints shifts with
 * them; a change reads the recipient choices again too (activities are a recipient kind).
 */
export const shiftActivityTypesResource = crudResource<{ item: ShiftActivityTypeDto; input: ShiftActivityTypeInput; list: { items: ShiftActivityTypeDto[] } }>()({
  module: 'shifts',
  key: orgDataKeys.shiftActivityTypes,
  id: 'activityTypeId',
  list: 'listShiftActivityTypes',
  create: 'createShiftActivityType',
  update: 'updateShiftActivityType',
  remove: 'deleteShiftActivityType',
  refreshes: (orgId) => [orgDataKeys.shiftActivityTypes(orgId), orgDataKeys.recipients(orgId)],
});

/**
 * GET shift-activity-types: the organisation's activities. One cache for the settings tab that
 * edits them, the planner that paints shifts with them and the recipient picker.
 */
export const shiftActivityTypesQueryOptions = (orgId: string) => shiftActivityTypesResource.listQueryOptions(orgId);
