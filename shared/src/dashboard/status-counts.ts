import { DASHBOARD_TASK_STATUSES, RESPONSE_KEYS, type DashboardTaskStatus, type ResponseCounts, type TaskStatusCounts } from './dashboard.schema.ts';

/** The counters an action row keeps (functions/src/actions/action.entity.ts). */
export interface ActionCounters {
  recipient_count?: number | null;
  accepted_count?: number | null;
  declined_count?: number | null;
  not_available_count?: number | null;
}

const count = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/**
 * An action's response statuses from its counters: everyone asked who neither accepted, declined
 * nor was marked not-available has not responded. Never negative, even if a counter ran ahead of
 * recipient_count (a delivery's retry, an answer racing the fan-out).
 */
export function responseCountsOf(counters: ActionCounters): ResponseCounts {
  const accepted = count(counters.accepted_count);
  const declined = count(counters.declined_count);
  const notAvailable = count(counters.not_available_count);
  return {
    accepted,
    declined,
    not_available: notAvailable,
    no_response: Math.max(0, count(counters.recipient_count) - accepted - declined - notAvailable),
  };
}

export function emptyResponseCounts(): ResponseCounts {
  return { accepted: 0, declined: 0, no_response: 0, not_available: 0 };
}

/** The sum of several actions' response counts. */
export function sumResponseCounts(all: readonly ResponseCounts[]): ResponseCounts {
  const total = emptyResponseCounts();
  for (const counts of all) for (const key of RESPONSE_KEYS) total[key] += counts[key];
  return total;
}

/** How many tasks have each status; every status present, 0 when none. */
export function taskStatusCountsOf(statuses: readonly DashboardTaskStatus[]): TaskStatusCounts {
  const counts = Object.fromEntries(DASHBOARD_TASK_STATUSES.map((s) => [s, 0])) as TaskStatusCounts;
  for (const status of statuses) counts[status] += 1;
  return counts;
}

/** The tasks panel's order: what needs attention first (overdue), what is done last. */
export const TASK_STATUS_ORDER: readonly DashboardTaskStatus[] = ['overdue', 'ongoing', 'scheduled', 'all_declined', 'completed'];

/** Sorts tasks overdue first, then ongoing, scheduled, all_declined, completed; by start within a status. */
export function compareDashboardTasks(a: { status: DashboardTaskStatus; start_at: string }, b: { status: DashboardTaskStatus; start_at: string }): number {
  return TASK_STATUS_ORDER.indexOf(a.status) - TASK_STATUS_ORDER.indexOf(b.status) || a.start_at.localeCompare(b.start_at);
}

/** Sorts actions open first, then newest sent first. */
export function compareDashboardActions(a: { state: string; sent_at: string }, b: { state: string; sent_at: string }): number {
  return Number(b.state === 'open') - Number(a.state === 'open') || b.sent_at.localeCompare(a.sent_at);
}

/** What a task's completion share is computed from. */
export interface TaskCompletion {
  status: DashboardTaskStatus;
  recipient_count: number;
  completed_count: number;
}

/**
 * A task's completion in whole percent: 100 once it is completed (by the rule, an admin or its
 * checklist), else the share of its recipients who completed, rounded down so that an incomplete
 * task never shows 100.
 */
export function completionPercentOf(task: TaskCompletion): number {
  if (task.status === 'completed') return 100;
  const recipients = count(task.recipient_count);
  return recipients ? Math.min(99, Math.floor((count(task.completed_count) * 100) / recipients)) : 0;
}

/**
 * The day's overall completion: completed recipients over all recipients of the day's tasks (a
 * completed task counts all of its recipients), rounded down; 0 when nobody was given a task yet.
 */
export function overallPercentOf(tasks: readonly TaskCompletion[]): number {
  let done = 0;
  let all = 0;
  for (const task of tasks) {
    const recipients = count(task.recipient_count);
    all += recipients;
    done += task.status === 'completed' ? recipients : Math.min(recipients, count(task.completed_count));
  }
  return all ? Math.floor((done * 100) / all) : 0;
}
