import { shiftActivityTypesResource } from '../../../lib/organization-data/shift-activity-types.ts';

/** POST shift-activity-types or PUT shift-activity-types/{id}; every reader of the list (planner, recipient picker) refreshes. */
export const useSaveShiftActivityType = shiftActivityTypesResource.useSave;
/** DELETE shift-activity-types/{id}. */
export const useDeleteShiftActivityType = shiftActivityTypesResource.useDelete;
