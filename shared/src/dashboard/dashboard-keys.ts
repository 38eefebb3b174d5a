/**
 * The dashboard's names without yup (like settings/dashboard-variants.ts): the portal's dashboard
 * page reads them on its first load, where yup would cost 14 kB gzip of its 200 kB budget. The
 * contract (dashboard.schema.ts) re-exports them.
 */
import type { TaskStatusName } from '../tasks/task-states.ts';

/** The panels a custom dashboard can show, in no particular order (a trigger's firings and response times are on its own card, decision 0041, not a panel). */
export const DASHBOARD_PANELS = ['actions', 'tasks', 'shifts'] as const;
export type DashboardPanel = (typeof DASHBOARD_PANELS)[number];
export const DEFAULT_DASHBOARD_PANELS: readonly DashboardPanel[] = ['actions', 'tasks'];

/** Per-recipient response statuses of an action (spec 000 §2). */
export interface ResponseCounts {
  accepted: number;
  declined: number;
  no_response: number;
  not_available: number;
}
/** The order of ResponseCounts' keys, for percentages and the page's bars. */
export const RESPONSE_KEYS = ['accepted', 'declined', 'no_response', 'not_available'] as const satisfies readonly (keyof ResponseCounts)[];

/** A dashboard task's status: every task status but draft (drafts are not sent). */
export type DashboardTaskStatus = Exclude<TaskStatusName, 'draft'>;
export const DASHBOARD_TASK_STATUSES = ['scheduled', 'ongoing', 'overdue', 'completed', 'all_declined'] as const satisfies readonly DashboardTaskStatus[];
export type TaskStatusCounts = Record<DashboardTaskStatus, number>;
