import { zonedTimeToUtc } from '@portal/shared/scheduling/recurrence';
import { instantOf, partsIn, type DateTimeValue } from '@portal/shared/scheduling/series-time';
import { addDays, daysOf, mondayOf } from '@portal/shared/shifts/iso-week';
import type { ShiftTemplateShift } from '@portal/shared/shifts/shift.schema';
import type { ShiftItem } from './shift.entity.ts';

/**
 * Week templates and "copy the previous week" move shifts by wall-clock time in the organisation's
 * time zone: a 08:00 shift stays at 08:00 across a daylight-saving change (decision 0031).
 */
export type ShiftDraft = Pick<ShiftItem, 'userId' | 'name' | 'start' | 'end' | 'startAt' | 'endAt' | 'activities'>;

const iso = (parts: DateTimeValue) => instantOf(parts).toISOString();

function localParts(date: string, time: string, timeZone: string): DateTimeValue {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return partsIn(zonedTimeToUtc({ year, month, day, hour, minute }, timeZone), timeZone);
}

/** A week's shifts as a template: weekday of the local start and wall-clock times. */
export function toShiftTemplateShifts(shifts: readonly ShiftDraft[], week: string, timeZone: string): ShiftTemplateShift[] {
  const days = daysOf(week);
  return shifts.flatMap((shift) => {
    const start = partsIn(new Date(shift.startAt), timeZone);
    const day = days.indexOf(start.date);
    if (day < 0) return [];
    return [
      {
        user_id: shift.userId,
        name: shift.name,
        day,
        start_time: start.time,
        end_time: partsIn(new Date(shift.endAt), timeZone).time,
        activities: shift.activities.map((a) => ({
          activity_type_id: a.activityTypeId,
          start_time: partsIn(new Date(a.startAt), timeZone).time,
          end_time: partsIn(new Date(a.endAt), timeZone).time,
        })),
      },
    ];
  });
}

/** A template's shifts placed in a week: a time not after the one it follows is on the next day. */
export function fromShiftTemplateShifts(shifts: readonly ShiftTemplateShift[], week: string, timeZone: string): ShiftDraft[] {
  const monday = mondayOf(week);
  return shifts.map((t) => {
    const startDate = addDays(monday, t.day);
    const after = (time: string, than: string) => (time > than ? 0 : 1);
    const start = localParts(startDate, t.start_time, timeZone);
    const end = localParts(addDays(startDate, after(t.end_time, t.start_time)), t.end_time, timeZone);
    return {
      userId: t.user_id,
      name: t.name,
      start,
      end,
      startAt: iso(start),
      endAt: iso(end),
      activities: t.activities.map((a) => {
        const activityDate = addDays(startDate, a.start_time >= t.start_time ? 0 : 1);
        const aStart = localParts(activityDate, a.start_time, timeZone);
        const aEnd = localParts(addDays(activityDate, after(a.end_time, a.start_time)), a.end_time, timeZone);
        return { activityTypeId: a.activity_type_id, start: aStart, end: aEnd, startAt: iso(aStart), endAt: iso(aEnd) };
      }),
    };
  });
}

export { iso as instantIso };
