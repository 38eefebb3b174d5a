import type { TaskListTab } from '@portal/shared/tasks/task.schema';
import { tabIn } from '../../../ui/query-tabs.ts';

/** Spec 000 §2: today (default), scheduled, completed, all, drafts, templates. Kept in the query (`tab`). */
export const TASK_TABS = ['today', 'scheduled', 'completed', 'all', 'drafts', 'templates'] as const;
export type TasksTab = (typeof TASK_TABS)[number];
/** Employees see the tasks given to them; drafts and templates are the senders' (route table). */
export const EMPLOYEE_TABS = ['today', 'scheduled', 'completed', 'all'] as const satisfies readonly TasksTab[];

export { selectedOf, withTab } from '../../../ui/query-tabs.ts';

export const tabOf = (search: string, tabs: readonly [TasksTab, ...TasksTab[]] = TASK_TABS): TasksTab => tabIn(search, tabs);

/** The tabs the page offers: a sender's all six, an employee's the four of the tasks given to them. */
export const tabsFor = (sender: boolean): readonly [TasksTab, ...TasksTab[]] => (sender ? TASK_TABS : EMPLOYEE_TABS);

/** The tabs listed by GET tasks. */
export const isTaskListTab = (tab: TasksTab): tab is TaskListTab => tab !== 'drafts' && tab !== 'templates';
