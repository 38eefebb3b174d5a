import type { ActionState } from '@portal/shared/actions/action-states';
import type { DashboardTaskStatus } from '@portal/shared/dashboard/dashboard.schema';
import type { StatusTone } from '../../../ui/status-chip.tsx';

/** An action's state chip by meaning, as the actions pages show it: open waits, fulfilled succeeded, expired ran out, rejected failed. */
export const ACTION_STATE_TONES: Record<ActionState, StatusTone> = { open: 'info', fulfilled: 'success', expired: 'warning', rejected: 'danger', withdrawn: 'neutral' };

/** A task's status chip by meaning, as the tasks pages show it. */
export const TASK_STATUS_TONES: Record<DashboardTaskStatus, StatusTone> = {
  scheduled: 'info',
  ongoing: 'primary',
  overdue: 'warning',
  completed: 'success',
  all_declined: 'danger',
};

/**
 * From start to end in the user's language: the times only when both fall on one day of the user's
 * calendar ("09:00–17:00"), else with the dates (a night shift, a task running for days).
 */
export function timeRange(startAt: string, endAt: string, language: string): string {
  const start = new Date(startAt);
  const end = new Date(endAt);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end < start) return '';
  const sameDay = start.toDateString() === end.toDateString();
  const format = new Intl.DateTimeFormat(language, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
  return format.formatRange(start, end);
}
