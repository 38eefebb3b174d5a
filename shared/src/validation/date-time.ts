import { object, string, type InferType } from 'yup';
import { instantOf } from '../scheduling/series-time.ts';
import { calendarDate, utcOffset } from './fields.ts';

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
/** A wall-clock time, 'HH:mm' or 'HH:mm:ss' (a task's default end is 23:59:59). */
export const timeOfDay = () => string().max(8, 'Time must be HH:mm').matches(TIME, 'Time must be HH:mm');

/** A local date and time with the UTC offset it was entered in (spec 000 §3: {date, time, offset}). */
export const dateTimeSchema = object({
  date: calendarDate().required('Date is required'),
  time: timeOfDay().required('Time is required'),
  offset: utcOffset().required('Offset is required'),
});
export type DateTimeParts = InferType<typeof dateTimeSchema>;

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * The instant (ms) of `{date, time, offset}` when all three are text and name a real time, else
 * undefined. A rule that compares two times runs also when a field of either is missing or of the
 * wrong type (yup runs every test; decision 0050): it leaves those to the fields' own messages.
 */
export function instantMsOf(parts: unknown): number | undefined {
  if (!parts || typeof parts !== 'object') return undefined;
  const { date, time, offset } = parts as Record<string, unknown>;
  if (!isText(date) || !isText(time) || !isText(offset)) return undefined;
  const ms = instantOf({ date, time, offset }).getTime();
  return Number.isNaN(ms) ? undefined : ms;
}
