import type { TaskContent } from '@portal/shared/tasks/task.schema';
import type { TaskStatusName } from '@portal/shared/tasks/task-states';
import { templateTitles } from '../platform/templates/template-store.ts';
import { statusAt } from './task-dto.ts';
import { checklistItems, type ChecklistState } from './task-status.ts';
import { taskTemplates } from './task-template.entity.ts';
import { tasksStartingBetween } from './tasks.repository.ts';

/**
 * The tasks module's public way in (decision 0014): what other modules may read of its tasks. The
 * dashboard (decision 0036) reads a day's tasks with their status by the module's own rule.
 */

/** A task as a summary shows it: its status at the moment asked, its counters and checklist progress. */
export interface TaskSummary {
  id: string;
  title: string;
  status: Exclude<TaskStatusName, 'draft'>;
  start_at: string;
  end_at: string;
  recipient_count: number;
  completed_count: number;
  declined_count: number;
  /** Items not deleted, and how many of them are checked; null without a checklist. */
  checklist: { checked: number; total: number } | null;
}

/**
 * The tasks that start in [day.start, day.end) (AP84: ONE Query of gsi2, at most `limit`), each with
 * its status at `now` (shared/src/tasks/task-states.ts, as the task's own pages show it). Recurring
 * roots are left out: their children are the tasks.
 */
export async function tasksStartingIn(orgId: string, day: { start: string; end: string }, now: Date, limit: number): Promise<TaskSummary[]> {
  const items = await tasksStartingBetween(orgId, day.start, day.end, limit);
  return items.map((item) => {
    const live = checklistItems(item.content as TaskContent, item.checklistState as ChecklistState | undefined).filter((entry) => !entry.is_deleted);
    const content = item.content as Partial<TaskContent>;
    return {
      id: item.taskId,
      title: content.title?.text ?? '',
      status: statusAt(item, now) as TaskSummary['status'],
      start_at: item.startAt,
      end_at: item.endAt,
      recipient_count: item.recipientCount ?? 0,
      completed_count: item.completedCount ?? 0,
      declined_count: item.declinedCount ?? 0,
      checklist: live.length ? { checked: live.filter((entry) => entry.is_checked).length, total: live.length } : null,
    };
  });
}

/** The task templates' titles by id (AP36): the tasks report names its template rows with them. */
export const taskTemplateTitles = (orgId: string): Promise<Map<string, string>> => templateTitles(taskTemplates, orgId);
