import type { ShiftTemplateDto } from '@portal/shared/shifts/shift.schema';
import type { StaffRow } from './shifts-grid-model.ts';

/** One shift of a template as the apply view lists it under its day. */
export interface ShiftTemplatePreviewShift {
  /** The staff member's name, or undefined when they are no longer in the organisation. */
  person: string | undefined;
  name: string;
  start: string;
  end: string;
  /** The end is on the next day (not after the start). */
  nextDay: boolean;
  activities: number;
}

export interface ShiftTemplatePreviewDay {
  day: string;
  shifts: ShiftTemplatePreviewShift[];
}

/**
 * A template's shifts on the days of the week it would fill (template day 0 = the week's Monday),
 * earliest first, then by name; days without shifts are left out.
 */
export function shiftTemplatePreview(template: Pick<ShiftTemplateDto, 'shifts'>, weekDays: readonly string[], staff: readonly StaffRow[], collator: Intl.Collator): ShiftTemplatePreviewDay[] {
  const names = new Map(staff.map((person) => [person.id, person.name]));
  return weekDays
    .map((day, weekday) => ({
      day,
      shifts: template.shifts
        .filter((shift) => shift.day === weekday)
        .map((shift) => {
          const start = shift.start_time.slice(0, 5);
          const end = shift.end_time.slice(0, 5);
          return { person: names.get(shift.user_id), name: shift.name, start, end, nextDay: end <= start, activities: shift.activities.length };
        })
        .sort((a, b) => a.start.localeCompare(b.start) || collator.compare(a.person ?? '', b.person ?? '')),
    }))
    .filter((entry) => entry.shifts.length > 0);
}
