import type { ShiftActivityTypeDto, ShiftDto } from '@portal/shared/shifts/shift.schema';
import { shiftWarnings, type ShiftWarning } from '@portal/shared/shifts/shift-warnings';
import { addDays } from '@portal/shared/shifts/iso-week';
import type { ShiftChip } from './shifts-grid-model.ts';

/** The warnings of a week's shifts by shift id (a warning names the later shift of a pair). */
export function warningsByShift(shifts: readonly ShiftDto[]): Map<string, ShiftWarning[]> {
  const byShift = new Map<string, ShiftWarning[]>();
  for (const warning of shiftWarnings(shifts)) byShift.set(warning.shift_id, [...(byShift.get(warning.shift_id) ?? []), warning]);
  return byShift;
}

/** What the grid shows of each shift: its start day, hours, the colours of its activities and its warning count. */
export function shiftChips(shifts: readonly ShiftDto[], types: readonly ShiftActivityTypeDto[], warnings: Map<string, ShiftWarning[]>): ShiftChip[] {
  const colorOf = new Map(types.map((type) => [type.id, type.color]));
  return shifts.map((shift) => ({
    id: shift.id,
    staffId: shift.user_id,
    day: shift.start.date,
    // A shift ending at midnight does not run into the next day.
    lastDay: shift.end.time.startsWith('00:00') ? addDays(shift.end.date, -1) : shift.end.date,
    name: shift.name,
    start: shift.start.time.slice(0, 5),
    end: shift.end.time.slice(0, 5),
    colors: [...new Set(shift.activities.map((activity) => colorOf.get(activity.activity_type_id)).filter((color): color is string => Boolean(color)))],
    warnings: warnings.get(shift.id)?.length ?? 0,
    draft: !shift.published || shift.changed_since_publish,
  }));
}
