import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChecklistBatch, TaskContent, TaskDto, TaskInput, TaskListTab, TaskPage, TaskSettings, TaskStatus } from '@portal/shared/tasks/task.schema';
import { api } from '../../../lib/api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';
import { STATUS_POLL_MS } from '../../../lib/polling.ts';
import { crudResource, settingsResource } from '../../../lib/resource-api.ts';
import { templateRoutes, templatesKeyOf } from '../../../lib/template-api.ts';

const taskTemplatesKey = templatesKeyOf(templateRoutes('tasks'));

/** Every tasks query of an organisation starts with this key. */
export const tasksKey = (orgId: string) => ['tasks', orgId] as const;

/** Lists move by themselves (a start, an end, a tick on a watch): refreshed while shown. */
const LIST_REFRESH_MS = 10_000;

/**
 * Tasks. GET tasks/{id} is polled while the details pane shows it (ticks on watches, completion,
 * the end passing). POST tasks (with save_as_template, also a template) or PUT tasks/{id} (a whole
 * edit, or content only once started). DELETE tasks/{id}?scope=one|all ('all' removes a child's
 * whole series).
 */
const tasks = crudResource<{ item: TaskDto; input: TaskInput | { content: TaskContent }; list: TaskPage }>()({
  module: 'tasks',
  key: tasksKey,
  id: 'taskId',
  list: 'listTasks',
  get: 'getTask',
  create: 'createTask',
  update: 'updateTask',
  remove: 'deleteTask',
  item: { refetchInterval: STATUS_POLL_MS },
  refreshes: (orgId, body) => [tasksKey(orgId), body && 'save_as_template' in body && body.save_as_template ? taskTemplatesKey(orgId) : null],
});

/** GET tasks?tab&next_token: one tab, one page at a time ("Load more"). */
export const taskListQueryOptions = (orgId: string, tab: TaskListTab) => tasks.pagesQueryOptions(orgId, { query: { tab }, refetchInterval: LIST_REFRESH_MS });
export const taskQueryOptions = tasks.itemQueryOptions;
export const useSaveTask = tasks.useSave;
export const useDeleteTask = tasks.useDelete;

/** GET tasks/{id}/status: per-recipient state and the checklist's ticks, polled while the details pane is open. */
export function taskStatusQueryOptions(orgId: string, taskId: string) {
  return queryOptions({
    queryKey: [...tasksKey(orgId), 'status', taskId],
    queryFn: ({ signal }) => api.request<TaskStatus>('tasks', 'getTaskStatus', { params: { orgId, taskId }, signal }),
    refetchInterval: STATUS_POLL_MS,
    staleTime: 0,
  });
}

/** GET tasks/{id}/recurring-root: the root of a series' child ('All Occurrences'). */
export function recurringRootQueryOptions(orgId: string, taskId: string) {
  return queryOptions({
    queryKey: [...tasksKey(orgId), 'root', taskId],
    queryFn: ({ signal }) => api.request<TaskDto>('tasks', 'getTaskRecurringRoot', { params: { orgId, taskId }, signal }),
    staleTime: 0,
  });
}

/** POST tasks/{id}/complete (the confirm dialog) or DELETE it (an admin's undo): tasks without a checklist. */
export function useCompleteTask(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, undo }: { taskId: string; undo: boolean }) =>
      api.request<TaskDto>('tasks', undo ? 'uncompleteTask' : 'completeTask', { params: { orgId, taskId } }),
    onSettled: () => client.invalidateQueries({ queryKey: tasksKey(orgId) }),
  });
}

/** PUT tasks/{id}/checklist: the ticks and unticks of the details pane as one batch [{id, is_checked}]. */
export function useChecklistBatch(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, items }: { taskId: string; items: ChecklistBatch }) => api.request<TaskDto>('tasks', 'updateTaskChecklist', { params: { orgId, taskId }, body: items }),
    onSuccess: (dto, { taskId }) => client.setQueryData(tasks.detailKey(orgId, taskId), dto),
    onSettled: () => client.invalidateQueries({ queryKey: tasksKey(orgId) }),
  });
}

/**
 * GET settings/tasks: the reminders before a task's end and whether its creator hears of it overdue
 * (the settings page; the task form says when reminders come); PUT (managers).
 */
const taskSettings = settingsResource<TaskSettings>()({
  module: 'tasks',
  key: orgDataKeys.taskSettings,
  get: 'getTaskSettings',
  update: 'updateTaskSettings',
  staleTime: 60_000,
});

export const taskSettingsQueryOptions = taskSettings.settingsQueryOptions;
export const useTaskSettings = taskSettings.useSettings;
export const useSaveTaskSettings = taskSettings.useSave;
