import { SHIFT_ACTIVITIES_MAX, SHIFT_MESSAGES, SHIFT_NAME_MAX, type ShiftDto, type ShiftInput } from '@portal/shared/shifts/shift.schema';
import { zonedTimeToUtc } from '@portal/shared/scheduling/recurrence';
import { partsIn } from '@portal/shared/scheduling/series-time';
import { usableZone } from '../../../lib/zoned-time.ts';

/** An activity of the form: its type and its span as wall-clock times inside the shift. */
export interface ActivityValues {
  activity_type_id: string;
  start: string;
  end: string;
}

/** The side card's form: a shift starts on `day`; an end not after the start is on the next day (past midnight). */
export interface ShiftFormValues {
  user_id: string;
  day: string;
  start: string;
  end: string;
  name: string;
  activities: ActivityValues[];
}

export const emptyShiftValues = (userId: string, day: string): ShiftFormValues => ({ user_id: userId, day, start: '09:00', end: '17:00', name: '', activities: [] });

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes from the shift's start: a start time before it, or an end time not after it, is on the next day. */
function offsetInShift(shiftStart: string, time: string, isEnd: boolean): number {
  const delta = minutes(time) - minutes(shiftStart);
  return delta > 0 || (delta === 0 && !isEnd) ? delta : delta + 1440;
}

/** The date and time `minutesAfter` the shift's start, with the organisation zone's offset at that instant (decision 0049). */
function partsAt(day: string, start: string, minutesAfter: number, timeZone: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const total = minutes(start) + minutesAfter;
  // Date.UTC carries minutes past midnight over into the next days.
  const local = new Date(Date.UTC(year, month - 1, date, 0, total));
  const at = zonedTimeToUtc({ year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(), hour: local.getUTCHours(), minute: local.getUTCMinutes() }, usableZone(timeZone));
  return partsIn(at, usableZone(timeZone));
}

/** The body of POST /shifts and PUT /shifts/{id}: the wall-clock times typed, in the organisation's zone. */
export function toShiftInput(values: ShiftFormValues, timeZone: string): ShiftInput {
  const end = offsetInShift(values.start, values.end, true);
  const at = (minutesAfter: number) => partsAt(values.day, values.start, minutesAfter, timeZone);
  return {
    user_id: values.user_id,
    name: values.name.trim(),
    start: at(0),
    end: at(end),
    activities: values.activities.map((activity) => {
      const from = offsetInShift(values.start, activity.start, false);
      const to = from + offsetInShift(activity.start, activity.end, true);
      return { activity_type_id: activity.activity_type_id, start: at(from), end: at(to) };
    }),
  };
}

/** The form of a stored shift. */
export function shiftValues(shift: ShiftDto): ShiftFormValues {
  return {
    user_id: shift.user_id,
    day: shift.start.date,
    start: shift.start.time.slice(0, 5),
    end: shift.end.time.slice(0, 5),
    name: shift.name,
    activities: shift.activities.map((activity) => ({ activity_type_id: activity.activity_type_id, start: activity.start.time.slice(0, 5), end: activity.end.time.slice(0, 5) })),
  };
}

export type ShiftFormErrors = Partial<Record<'user_id' | 'start' | 'end' | 'name', string>> & { activities?: Record<number, string> };

/** The server's rules (shift.schema.ts) checked as the manager types; texts are SHIFT_MESSAGES, translated by the locale. */
export function validateShiftForm(values: ShiftFormValues): ShiftFormErrors {
  const errors: ShiftFormErrors = {};
  if (!values.user_id) errors.user_id = SHIFT_MESSAGES.userRequired;
  if (!TIME.test(values.start)) errors.start = SHIFT_MESSAGES.startRequired;
  if (!TIME.test(values.end)) errors.end = SHIFT_MESSAGES.endRequired;
  if (values.name.trim().length > SHIFT_NAME_MAX) errors.name = 'nameTooLong';
  const activities: Record<number, string> = {};
  if (!errors.start && !errors.end) {
    const length = offsetInShift(values.start, values.end, true);
    values.activities.slice(0, SHIFT_ACTIVITIES_MAX).forEach((activity, index) => {
      if (!activity.activity_type_id) activities[index] = SHIFT_MESSAGES.activityTypeRequired;
      else if (!TIME.test(activity.start)) activities[index] = SHIFT_MESSAGES.startRequired;
      else if (!TIME.test(activity.end)) activities[index] = SHIFT_MESSAGES.endRequired;
      else {
        const from = offsetInShift(values.start, activity.start, false);
        const to = from + offsetInShift(activity.start, activity.end, true);
        if (to > length) activities[index] = SHIFT_MESSAGES.activityOutsideShift;
      }
    });
  }
  if (Object.keys(activities).length) errors.activities = activities;
  return errors;
}

export const hasErrors = (errors: ShiftFormErrors) => Object.keys(errors).length > 0;
