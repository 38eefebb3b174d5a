import type { ShiftActivityTypeDto, ShiftActivityTypeInput } from '@portal/shared/shifts/shift.schema';

export interface ShiftActivityFormValues {
  name: string;
  /** One of the 22 preset colours (upper-case hex, as the swatches name them); '' until chosen. */
  color: string;
}

export function toShiftActivityFormValues(activity?: ShiftActivityTypeDto): ShiftActivityFormValues {
  return { name: activity?.name ?? '', color: activity?.color.toUpperCase() ?? '' };
}

/** POST/PUT shift-activity-types. */
export function toShiftActivityBody(values: ShiftActivityFormValues): ShiftActivityTypeInput {
  return { name: values.name.trim(), color: values.color };
}

/** The list's order: by name, as a manager looks for one. */
export function sortShiftActivities(activities: readonly ShiftActivityTypeDto[]): ShiftActivityTypeDto[] {
  return [...activities].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}
