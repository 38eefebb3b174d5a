/**
 * Task statuses and the status rule (spec 000 §4), yup-free so the portal's list pages, the tasks
 * Lambda and the dashboard derive the same status from the same facts. Pure: the clock is passed in.
 */
export const TASK_STATUSES = ['draft', 'scheduled', 'ongoing', 'overdue', 'completed', 'all_declined'] as const;
export type TaskStatusName = (typeof TASK_STATUSES)[number];

/** The completion rule: 'one' (the first completion completes the task) or 'all' (every recipient). */
export const CLOSURE_CRITERIA = ['one', 'all'] as const;
export type ClosureCriteria = (typeof CLOSURE_CRITERIA)[number];

/** What the status of a completed task was when it completed: 'overdue' when after its end (overdue-completed). */
export type CompletedAtStatus = 'ongoing' | 'overdue';

/** The facts the status is derived from; instants are ISO-8601 UTC. */
export interface TaskStatusFacts {
  isDraft: boolean;
  startAt: string;
  endAt: string;
  /** Set once the task completed (by the rule, by an admin, or by its checklist). */
  completedAt?: string | null;
  /** Distinct users the task was delivered to, and how many of them completed or declined. */
  recipientCount: number;
  completedCount: number;
  declinedCount: number;
}

/**
 * Whether the recipients' own completions complete the task. 'one': the first completion; 'all':
 * every recipient, so a decline under 'all' leaves it for an admin to complete (decision 0028).
 */
export function completionMet(closure: ClosureCriteria, counts: Pick<TaskStatusFacts, 'recipientCount' | 'completedCount'>): boolean {
  if (counts.recipientCount <= 0) return false;
  return closure === 'one' ? counts.completedCount >= 1 : counts.completedCount >= counts.recipientCount;
}

/** Every recipient declined (and nobody completed): all_declined. */
export function allDeclined(counts: Pick<TaskStatusFacts, 'recipientCount' | 'completedCount' | 'declinedCount'>): boolean {
  return counts.recipientCount > 0 && counts.completedCount === 0 && counts.declinedCount >= counts.recipientCount;
}

/** A checklist completes its task when every item that is not deleted is checked (and there is one). */
export function checklistDone(items: readonly { is_checked?: boolean; is_deleted?: boolean }[]): boolean {
  const live = items.filter((item) => !item.is_deleted);
  return live.length > 0 && live.every((item) => item.is_checked);
}

/** The status at `now`: draft, completed, all_declined, then by the clock scheduled, ongoing, overdue. */
export function taskStatusOf(facts: TaskStatusFacts, now: Date): TaskStatusName {
  if (facts.isDraft) return 'draft';
  if (facts.completedAt) return 'completed';
  if (allDeclined(facts)) return 'all_declined';
  const t = now.getTime();
  if (t < Date.parse(facts.startAt)) return 'scheduled';
  if (t < Date.parse(facts.endAt)) return 'ongoing';
  return 'overdue';
}

/** 'overdue' for a task completed after its end (spec 000 §4: it counts as overdue-completed). */
export function completedAtStatusOf(completedAt: string, endAt: string): CompletedAtStatus {
  return Date.parse(completedAt) > Date.parse(endAt) ? 'overdue' : 'ongoing';
}

/** Statuses whose tasks are edited content-only (start, end and recipients kept; only the title required). */
export const CONTENT_ONLY_STATUSES: readonly TaskStatusName[] = ['ongoing', 'overdue', 'completed'];
