import { TASK_MESSAGES, type TaskConfig } from '@portal/shared/tasks/task.schema';
import { describe, expect, it } from 'vitest';
import { isStaleFiring, PlanRefusal, planTask, reminderOffsetOf, reminderTimes } from './task-plan.ts';

const now = new Date('2026-03-27T08:00:00Z');
const zone = 'Europe/Berlin';
const once = (start: string, end: string): TaskConfig => ({
  closure_criteria: 'one',
  reminders_enabled: true,
  start: { date: start.slice(0, 10), time: start.slice(11), offset: '+01:00' },
  end: { date: end.slice(0, 10), time: end.slice(11), offset: '+01:00' },
  recurring: null,
});
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof PlanRefusal ? { field: error.field, message: error.message } : error;
  }
  return undefined;
};

describe('task plan', () => {
  it('delivers now within a minute, schedules a later start, refuses an earlier one', () => {
    expect(planTask(once('2026-03-27T08:59:30', '2026-03-27T17:00'), zone, now)).toMatchObject({ kind: 'once', startNow: true });
    expect(planTask(once('2026-03-27T10:00', '2026-03-27T17:00'), zone, now)).toEqual({
      kind: 'once',
      startNow: false,
      window: { startAt: new Date('2026-03-27T09:00:00Z'), endAt: new Date('2026-03-27T16:00:00Z') },
    });
    expect(refusal(() => planTask(once('2026-03-27T08:58', '2026-03-27T17:00'), zone, now))).toEqual({ field: 'config.start', message: TASK_MESSAGES.startInPast });
    expect(refusal(() => planTask(once('2026-03-27T10:00', '2026-03-27T10:00'), zone, now))).toEqual({ field: 'config.end', message: TASK_MESSAGES.endBeforeStart });
  });

  const series = (startDate: string, endDate: string | null, days: TaskConfig['recurring'] extends infer R ? (R extends { days: infer D } ? D : never) : never): TaskConfig => ({
    ...once(`${startDate}T09:00`, `${startDate}T17:00`),
    recurring: {
      range: { start: { date: startDate, offset: '+01:00' }, end: endDate ? { date: endDate, offset: '+01:00' } : null },
      occurrence_time: { start: { time: '07:00', offset: '+01:00' }, end: { time: '09:00', offset: '+01:00' } },
      days,
    },
  });

  it('plans a series from the chosen start, its occurrences ending the same day', () => {
    const plan = planTask(series('2026-03-28', '2026-03-31', ['sunday']), zone, now);
    expect(plan).toMatchObject({ kind: 'series', immediate: null, endTime: '09:00' });
    if (plan.kind !== 'series') throw new Error('series expected');
    // Sunday 29 March, after the change: 07:00 CEST.
    expect(plan.first).toEqual({ startAt: new Date('2026-03-29T05:00:00Z'), endAt: new Date('2026-03-29T07:00:00Z') });
  });

  it('refuses a repeat end not after the start, and a series with nothing left', () => {
    expect(refusal(() => planTask(series('2026-03-28', '2026-03-28', ['sunday']), zone, now))).toEqual({
      field: 'config.recurring.range.end',
      message: TASK_MESSAGES.repeatEndBeforeStart,
    });
    expect(refusal(() => planTask(series('2026-03-28', '2026-03-29', ['monday']), zone, now))).toEqual({
      field: 'config.recurring.range.end',
      message: TASK_MESSAGES.repeatEndBeforeStart,
    });
  });

  it('delivers the running occurrence at once for a start right now', () => {
    const base = series('2026-03-27', null, ['friday']);
    const config = {
      ...base,
      start: { date: '2026-03-27', time: '09:00', offset: '+01:00' },
      recurring: { ...base.recurring!, occurrence_time: { ...base.recurring!.occurrence_time, end: { time: '10:00', offset: '+01:00' } } },
    };
    const plan = planTask(config, zone, now);
    if (plan.kind !== 'series') throw new Error('series expected');
    expect(plan.immediate).toEqual({ startAt: new Date('2026-03-27T06:00:00Z'), endAt: new Date('2026-03-27T09:00:00Z') });
    // Ended at 09:00 local: nothing runs any more.
    expect(planTask(series('2026-03-27', null, ['friday']), zone, now)).toMatchObject({ immediate: null });
    // A week later, the next Friday.
    expect(plan.first?.startAt).toEqual(new Date('2026-04-03T05:00:00Z'));
  });

  it('lets an edited root go on from now', () => {
    const plan = planTask(series('2026-03-20', null, ['sunday']), zone, now, { seriesEdit: true });
    expect(plan).toMatchObject({ kind: 'series', immediate: null });
  });

  it('reminds at each offset after the start and now, earliest first', () => {
    const window = { startAt: new Date('2026-03-27T09:00:00Z'), endAt: new Date('2026-03-27T16:00:00Z') };
    expect(reminderTimes(window, [60, 30, 60, 600], now)).toEqual([
      { offset: 60, at: new Date('2026-03-27T15:00:00Z') },
      { offset: 30, at: new Date('2026-03-27T15:30:00Z') },
    ]);
  });

  it('reads a reminder offset from a firing and spots stale firings', () => {
    expect(reminderOffsetOf('2026-03-27T16:00:00Z', '2026-03-27T15:00:00Z')).toBe(60);
    expect(reminderOffsetOf('2026-03-27T16:00:00Z', '2026-03-27T16:30:00Z')).toBeNull();
    expect(isStaleFiring('2026-03-27T16:00:00Z', '2026-03-27T16:00:30Z')).toBe(false);
    expect(isStaleFiring('2026-03-27T16:00:00Z', '2026-03-27T17:00:00Z')).toBe(true);
  });
});
