import type { ScheduledJobType } from '@portal/shared/api/scheduled-jobs';
import { itemSchedules } from '../platform/scheduling/item-schedules.ts';
import { taskSettings } from './task-settings.entity.ts';
import { reminderTimes, type TaskWindow } from './task-plan.ts';

/** The tasks rows of shared/src/api/scheduled-jobs.ts: what a task's schedules ask the scheduled handler. */
export const START_TYPE = 'task.start' satisfies ScheduledJobType;
export const REMIND_TYPE = 'task.remind' satisfies ScheduledJobType;
export const END_TYPE = 'task.end' satisfies ScheduledJobType;

/**
 * The series kit's schedules bound to tasks (platform/scheduling/item-schedules.ts), one per job:
 * the start (a one-off, or a root's series), each reminder (`taskr-{id}-{offset}`) and the end.
 * Prefixes stay short: a child's id is its root's and 16 characters, within EventBridge's 64.
 */
export const startSchedules = itemSchedules({ module: 'tasks', type: START_TYPE });
export const remindSchedules = itemSchedules({ module: 'tasks', type: REMIND_TYPE });
export const endSchedules = itemSchedules({ module: 'tasks', type: END_TYPE });

/** A reminder's moment and its schedule's name. */
export interface ReminderPlan {
  offset: number;
  at: Date;
  name: string;
}

/** The reminders of a task whose reminders are on: one per offset of /settings/tasks still ahead (decision 0029). */
export async function remindersOf(orgId: string, taskId: string, remindersEnabled: boolean, window: TaskWindow, now: Date): Promise<ReminderPlan[]> {
  if (!remindersEnabled) return [];
  const settings = await taskSettings.read(orgId);
  return reminderTimes(window, settings.reminder_offsets_minutes, now).map((r) => ({ ...r, name: remindSchedules.nameOf(taskId, String(r.offset)) }));
}

/**
 * Creates a task's end schedule and its reminders (the names were stored on the task before, so a
 * delete or edit finds them). A reminder whose moment passed meanwhile is skipped. False when the
 * end itself has passed (a series' child made late): the caller acts on the end at once.
 */
export async function scheduleTimers(orgId: string, taskId: string, endAt: Date, reminders: readonly ReminderPlan[]): Promise<boolean> {
  const ended = !(await endSchedules.scheduleOnce(orgId, taskId, endAt));
  await Promise.all(reminders.map((r) => remindSchedules.scheduleOnce(orgId, taskId, r.at, r.name)));
  return !ended;
}
