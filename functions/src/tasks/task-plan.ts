import type { Series } from '@portal/shared/scheduling/recurrence';
import {
  decideStart,
  instantOf,
  localTimeOf,
  occurrenceAfter,
  occurrenceEnd,
  repeatEndIsAfter,
  seriesAt,
  seriesFrom,
} from '@portal/shared/scheduling/series-time';
import { REMINDER_OFFSET_MAX_MINUTES, REMINDER_OFFSET_MIN_MINUTES, TASK_MESSAGES, type TaskConfig } from '@portal/shared/tasks/task.schema';

/**
 * The start rules of a task (spec 000 §5) against the clock, pure: which field is refused, or what
 * activation does (decision 0029). Uses the series kit (shared/src/scheduling/series-time.ts), the
 * same rules notifications' sends follow.
 */

export class PlanRefusal extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A task's start and end instants. */
export interface TaskWindow {
  startAt: Date;
  endAt: Date;
}

export type TaskPlan =
  | { kind: 'once'; window: TaskWindow; /** Start at or before now: delivered at once. */ startNow: boolean }
  | {
      kind: 'series';
      /** What the scheduler fires (from the chosen start, or now), in the organisation's zone. */
      series: Series;
      /** The local end time of each occurrence ('HH:mm' or 'HH:mm:ss'). */
      endTime: string;
      /** The next occurrence the scheduler fires, or null when only `immediate` is left. */
      first: TaskWindow | null;
      /** A start "right now" while today's occurrence runs: that child is delivered at once. */
      immediate: TaskWindow | null;
    };

export interface TaskPlanOptions {
  /** A stored root edited as a whole ('All Occurrences'): its start may lie in the past, nothing is delivered at once. */
  seriesEdit?: boolean;
}

/** An occurrence's start and end (its end on the next day when the end time is not after the start). */
export const occurrenceWindow = (occurrence: Date, endTime: string, timeZone: string): TaskWindow => ({
  startAt: occurrence,
  endAt: occurrenceEnd(occurrence, endTime, timeZone),
});

const DAY_MS = 86_400_000;

/** Today's (or last night's) occurrence that has started and not yet ended at `now`, if any. */
function runningOccurrence(series: Series, endTime: string, now: Date): TaskWindow | null {
  let candidate = occurrenceAfter(series, new Date(now.getTime() - 2 * DAY_MS));
  let running: TaskWindow | null = null;
  while (candidate && candidate.getTime() <= now.getTime()) {
    const window = occurrenceWindow(candidate, endTime, series.timeZone);
    if (window.endAt.getTime() > now.getTime()) running = window;
    candidate = occurrenceAfter(series, candidate);
  }
  return running;
}

/**
 * 'Start time must be later then current time' (a minute's tolerance, as notifications' send),
 * 'End date must be after start date', and for a repeat 'Repeat end date must be after start date'
 * (the end date at its start of day after the first start, and some occurrence left).
 */
export function planTask(config: TaskConfig, timeZone: string, now: Date, options: TaskPlanOptions = {}): TaskPlan {
  let decision = decideStart(config.start, now);
  if (decision.kind === 'past' && config.recurring && options.seriesEdit) decision = { kind: 'now' };
  if (decision.kind === 'past') throw new PlanRefusal('config.start', TASK_MESSAGES.startInPast);
  const startAt = decision.kind === 'later' ? decision.at : now;
  const recurring = config.recurring;
  if (!recurring) {
    const endAt = instantOf(config.end);
    const chosenStart = instantOf(config.start);
    if (!(endAt.getTime() > chosenStart.getTime())) throw new PlanRefusal('config.end', TASK_MESSAGES.endBeforeStart);
    return { kind: 'once', window: { startAt: decision.kind === 'later' ? decision.at : chosenStart, endAt }, startNow: decision.kind === 'now' };
  }
  // The end date is a toggle (spec 000 §5): without one the series runs until it is deleted.
  if (recurring.range.end && !repeatEndIsAfter(recurring.range.end, startAt)) throw new PlanRefusal('config.recurring.range.end', TASK_MESSAGES.repeatEndBeforeStart);
  const inZone = seriesAt(recurring.range, recurring.occurrence_time.start, recurring.days, timeZone);
  const endTime = localTimeOf(recurring.range, recurring.occurrence_time.end, timeZone, true);
  const series = seriesFrom(inZone, startAt);
  const immediate = decision.kind === 'now' && !options.seriesEdit ? runningOccurrence(inZone, endTime, now) : null;
  const next = occurrenceAfter(series, now);
  const first = next ? occurrenceWindow(next, endTime, timeZone) : null;
  if (!first && !immediate && !options.seriesEdit) throw new PlanRefusal('config.recurring.range.end', TASK_MESSAGES.repeatEndBeforeStart);
  return { kind: 'series', series, endTime, first, immediate };
}

/** Reminders of a task: each offset (minutes before the end) whose moment lies after its start and after now, earliest first. */
export function reminderTimes(window: TaskWindow, offsetsMinutes: readonly number[], now: Date): Array<{ offset: number; at: Date }> {
  const after = Math.max(window.startAt.getTime(), now.getTime());
  return [...new Set(offsetsMinutes)]
    .map((offset) => ({ offset, at: new Date(window.endAt.getTime() - offset * 60_000) }))
    .filter(({ at }) => at.getTime() > after)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The offset a reminder firing stands for: minutes from its occurrence to the end, or null when that is no reminder's. */
export function reminderOffsetOf(endAt: string, occurrence: string): number | null {
  const minutes = Math.round((Date.parse(endAt) - Date.parse(occurrence)) / 60_000);
  return Number.isInteger(minutes) && minutes >= REMINDER_OFFSET_MIN_MINUTES && minutes <= REMINDER_OFFSET_MAX_MINUTES ? minutes : null;
}

/** A firing more than this apart from the stored time belongs to an earlier schedule (an edit moved it). */
export const STALE_FIRING_MS = 60_000;

export const isStaleFiring = (storedAt: string | undefined, occurrence: string) =>
  !storedAt || Math.abs(Date.parse(storedAt) - Date.parse(occurrence)) > STALE_FIRING_MS;
