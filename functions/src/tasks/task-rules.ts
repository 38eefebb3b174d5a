import { UNTITLED_DRAFT_TITLE } from '@portal/shared/constants';
import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { zonedParts, zonedTimeToUtc } from '@portal/shared/scheduling/recurrence';
import type { ClosureCriteria } from '@portal/shared/tasks/task-states';
import { hasChecklist, type Checklisted } from './task-status.ts';

/**
 * The tasks module's small rules, pure (decision 0028): the completion rule the server keeps, a
 * draft's title, the today tab's day and which of a user's tasks a tab shows.
 */

/**
 * Spec 000 §5: the completion rule may be chosen only when there is no checklist and recipient
 * group 0 holds a user group (everyone included), a shift activity type or more than one user;
 * otherwise it is 'one', whatever was posted.
 */
export function effectiveClosure(content: Checklisted, groups: readonly RecipientGroup[], chosen: ClosureCriteria): ClosureCriteria {
  if (hasChecklist(content)) return 'one';
  const first = groups.find((group) => group.group_number === 0) ?? groups[0];
  const recipients = first?.recipients ?? [];
  const choosable = recipients.some((r) => r.type !== 'user') || recipients.filter((r) => r.type === 'user').length > 1;
  return choosable ? chosen : 'one';
}

/** An untitled draft is stored as 'Untitled Draft ' (spec 000 §4). */
export const draftTitle = (text: string | undefined): string => (text?.trim() ? text : UNTITLED_DRAFT_TITLE);

/** Today in the organisation's zone, as UTC instants: its first moment and the first of tomorrow. */
export function dayBounds(now: Date, timeZone: string): { start: string; end: string } {
  const { year, month, day } = zonedParts(now, timeZone);
  return {
    start: zonedTimeToUtc({ year, month, day, hour: 0, minute: 0 }, timeZone).toISOString(),
    end: zonedTimeToUtc({ year, month, day: day + 1, hour: 0, minute: 0 }, timeZone).toISOString(),
  };
}

/** What a tab's filter needs of a task. */
export interface ListedTask {
  startAt: string;
  completedAt?: string | undefined;
}

/**
 * Whether a task belongs on a tab (the employees' own list, filtered after its read; the
 * organisation's lists are read by key instead): today: not completed and started before tomorrow
 * (ongoing, overdue, later today), or completed today; scheduled: not completed, starting after
 * now; completed: completed; all: every one.
 */
export function onTab(tab: 'today' | 'scheduled' | 'completed' | 'all', task: ListedTask, now: Date, day: { start: string; end: string }): boolean {
  if (tab === 'all') return true;
  if (tab === 'completed') return !!task.completedAt;
  if (tab === 'scheduled') return !task.completedAt && Date.parse(task.startAt) > now.getTime();
  return task.completedAt ? task.completedAt >= day.start : task.startAt < day.end;
}
