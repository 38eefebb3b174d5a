import type { Series } from '../scheduling/recurrence.ts';
import { PAST_TOLERANCE_MS, decideStart, partsIn as kitPartsIn, repeatEndIsAfter, seriesAt, type StartDecision } from '../scheduling/series-time.ts';
import type { DateTimeParts, Recurring } from './notification.schema.ts';

// The series kit is the same for every module; notifications' callers keep these names.
export { childId, instantOf, isOccurrenceDay, occurrenceAfter, occurrenceKey } from '../scheduling/series-time.ts';

/**
 * Send-time rules of a notification (spec 000 §5), pure so the form and the service agree:
 * a send time up to a minute in the past counts as "now" (the form turns a past date into now,
 * and a request takes a moment to arrive), anything earlier is refused.
 */
export const SEND_PAST_TOLERANCE_MS = PAST_TOLERANCE_MS;

export type SendDecision = StartDecision;

/** Null (right now) or a time within the tolerance is now; later is scheduled; earlier is refused. */
export const decideSend = (send: DateTimeParts | null | undefined, now: Date): SendDecision => decideStart(send, now);

/**
 * The series a form's `config.recurring` describes, in the organisation's zone: the series kit's
 * (shared/src/scheduling/series-time.ts) at the send time the sender chose.
 */
export const seriesOf = (recurring: Recurring, timeZone: string): Series =>
  seriesAt(recurring.range, recurring.occurrence_time.send, recurring.days, timeZone);

/** The `{date, time, offset}` of an instant in a zone (a child's config.send). */
export const partsIn = (instant: Date, timeZone: string): DateTimeParts => kitPartsIn(instant, timeZone);

/**
 * 'End date must be after send date' (spec 000 §5): the end date, taken at its start of day as the
 * form does, must come after the (first) send.
 */
export const repeatEndIsAfterSend = (recurring: Recurring, sendAt: Date): boolean => repeatEndIsAfter(recurring.range.end, sendAt);
