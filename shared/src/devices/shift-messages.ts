import { isIsoWeek } from '../shifts/iso-week.ts';
import { SHIFT_ACTIVITIES_MAX } from '../shifts/shift.schema.ts';
import { isWellFormedId as isId } from '../validation/id-rule.ts';

/**
 * The shifts message of docs/device-protocol.md §5 (decision 0033), shared by the shifts delivery
 * function, the watch emulator and the tests. Downlink only, on the user's inbox, envelope type
 * 'shifts': after a publish, each affected person's published shifts of the week as they now are.
 */

export const SHIFTS_MESSAGE_TYPE = 'shifts';

/** An activity of a shift, named and coloured as the organisation's activity type is now. */
export interface ShiftActivityData {
  activity_type_id: string;
  name: string;
  /** One of the 22 preset colours ('#1E88E5'). */
  color: string;
  start_at: string;
  end_at: string;
}

export interface ShiftData {
  shift_id: string;
  /** Optional in the planner: '' when the manager gave none. */
  name: string;
  start_at: string;
  end_at: string;
  activities: ShiftActivityData[];
}

/**
 * `data` of the message: the week (ISO, 'YYYY-Www') and the person's published shifts of it, by
 * start. The list is the whole week, not a difference: the watch replaces what it had for the week,
 * so a shift not in it is no longer the person's (an empty list: none left).
 */
export interface ShiftsMessageData {
  kind: 'shifts';
  week: string;
  shifts: ShiftData[];
}

/** Shifts one message carries at most: a person has a few a week; more is no message of ours. */
export const SHIFTS_PER_MESSAGE_MAX = 50;

const isoOf = (value: unknown) => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : undefined);
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

function activityOf(value: unknown): ShiftActivityData | undefined {
  const a = record(value);
  const [start, end] = [isoOf(a.start_at), isoOf(a.end_at)];
  if (!isId(a.activity_type_id) || !start || !end) return undefined;
  return { activity_type_id: a.activity_type_id, name: textOf(a.name), color: textOf(a.color), start_at: start, end_at: end };
}

function shiftOf(value: unknown): ShiftData | undefined {
  const s = record(value);
  const [start, end] = [isoOf(s.start_at), isoOf(s.end_at)];
  const activities = Array.isArray(s.activities) && s.activities.length <= SHIFT_ACTIVITIES_MAX ? s.activities.map(activityOf) : s.activities === undefined ? [] : undefined;
  if (!isId(s.shift_id) || !start || !end || !activities || activities.some((a) => !a)) return undefined;
  return { shift_id: s.shift_id, name: textOf(s.name), start_at: start, end_at: end, activities: activities as ShiftActivityData[] };
}

/**
 * The shifts message an inbox envelope carries, or undefined when it is none or malformed (a watch
 * ignores what it cannot read whole rather than show half a week): a real ISO week, and every shift
 * with a key-part id, its times and well-formed activities. Shifts come back by start.
 */
export function parseShiftsDownlink(type: string, data: Record<string, unknown>): ShiftsMessageData | undefined {
  if (type !== SHIFTS_MESSAGE_TYPE || data.kind !== 'shifts' || typeof data.week !== 'string' || !isIsoWeek(data.week)) return undefined;
  if (!Array.isArray(data.shifts) || data.shifts.length > SHIFTS_PER_MESSAGE_MAX) return undefined;
  const shifts = data.shifts.map(shiftOf);
  if (shifts.some((s) => !s)) return undefined;
  return { kind: 'shifts', week: data.week, shifts: (shifts as ShiftData[]).sort((a, b) => a.start_at.localeCompare(b.start_at)) };
}

/**
 * Whether a week's message replaces the one a watch shows: its `sent_at` (the publish's instant) is
 * not older. QoS 1 promises no order, so a batch that read the week before a re-publish can land
 * after the re-publish's message; the watch keeps the later publish.
 */
// Strictly older only: an unreadable `sent_at` on either side (NaN compares false) replaces, as before the rule.
export const supersedesShown = (sentAt: string, shownSentAt: string | undefined): boolean => shownSentAt === undefined || !(Date.parse(sentAt) < Date.parse(shownSentAt));
