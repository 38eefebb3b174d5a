import type { DashboardTasksDto } from '@portal/shared/dashboard/dashboard.schema';
import { compareDashboardTasks, completionPercentOf, overallPercentOf, taskStatusCountsOf } from '@portal/shared/dashboard/status-counts';
import { tasksStartingIn } from '../tasks/public.ts';
import { organizationDay } from '../platform/tenancy/organization-day.ts';

/** The most tasks one day shows: one page of the day's Query (a day of more is cut at this many, by start). */
export const DASHBOARD_TASKS_LIMIT = 500;

/**
 * The tasks panel (AP84, decision 0036): the tasks starting on the organisation's date, open or done,
 * from ONE Query of gsi2, each with its status by the tasks' rule at `now`; overdue first.
 */
export async function tasksPanel(orgId: string, date: string | undefined, now = new Date()): Promise<DashboardTasksDto> {
  const day = await organizationDay(orgId, now, date);
  const tasks = await tasksStartingIn(orgId, day, now, DASHBOARD_TASKS_LIMIT);
  const items = tasks.map((task) => ({ ...task, completion_percent: completionPercentOf(task) })).sort(compareDashboardTasks);
  return {
    date: day.date,
    items,
    statuses: taskStatusCountsOf(items.map((item) => item.status)),
    overall_percent: overallPercentOf(items),
  };
}
