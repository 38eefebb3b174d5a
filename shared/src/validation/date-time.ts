import { object, string, type InferType } from 'yup';
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
