import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChecklistBatch, TaskContent, TaskDto, TaskInput, TaskListTab, TaskPage, TaskStatus } from '@portal/shared/tasks/task.schema';
import { api } from '../../../lib/api.ts';
import { STATUS_POLL_MS } from '../../../lib/polling.ts';
import { taskTemplatesKey } from './templates.ts';

/** Every tasks query of an organisation starts with this key. */
export const tasksKey = (orgId: string) => ['tasks', orgId] as const;

/** Lists move by themselves (a start, an end, a tick on a watch): refreshed while shown. */
const LIST_REFRESH_MS = 10_000;

/** GET tasks?tab&next_token: one tab, one page at a time ("Load more"). */
export function taskListQueryOptions(orgId: string, tab: TaskListTab) {
  return infiniteQueryOptions({
    queryKey: [...tasksKey(orgId), 'list', tab],
    queryFn: ({ pageParam, signal }) => api.request<TaskPage>('tasks', 'listTasks', { params: { orgId }, query: { tab, next_token: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_token || undefined,
    refetchInterval: LIST_REFRESH_MS,
  });
}

/** GET tasks/{id}: its status and counts; polled while the details pane shows it (ticks on watches, completion, the end passing). */
export function taskQueryOptions(orgId: string, taskId: string) {
  return queryOptions({
    queryKey: [...tasksKey(orgId), 'detail', taskId],
    queryFn: ({ signal }) => api.request<TaskDto>('tasks', 'getTask', { params: { orgId, taskId }, signal }),
    refetchInterval: STATUS_POLL_MS,
  });
}

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

export type SaveTaskInput = { mode: 'create'; body: TaskInput } | { mode: 'update'; taskId: string; body: TaskInput | { content: TaskContent } };

/** POST tasks (with save_as_template, also a template) or PUT tasks/{id} (a whole edit, or content only once started). */
export function useSaveTask(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveTaskInput) =>
      input.mode === 'create'
        ? api.request<TaskDto>('tasks', 'createTask', { params: { orgId }, body: input.body })
        : api.request<TaskDto>('tasks', 'updateTask', { params: { orgId, taskId: input.taskId }, body: input.body }),
    onSettled: (_, __, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: tasksKey(orgId) }),
        'save_as_template' in input.body && input.body.save_as_template ? client.invalidateQueries({ queryKey: taskTemplatesKey(orgId) }) : null,
      ]),
  });
}

/** DELETE tasks/{id}?scope=one|all ('all' removes a child's whole series). */
export function useDeleteTask(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, scope }: { taskId: string; scope: 'one' | 'all' }) => api.request<void>('tasks', 'deleteTask', { params: { orgId, taskId }, query: { scope } }),
    onSuccess: (_, { taskId }) => {
      client.removeQueries({ queryKey: [...tasksKey(orgId), 'detail', taskId] });
      return client.invalidateQueries({ queryKey: tasksKey(orgId) });
    },
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
    onSuccess: (dto, { taskId }) => client.setQueryData([...tasksKey(orgId), 'detail', taskId], dto),
    onSettled: () => client.invalidateQueries({ queryKey: tasksKey(orgId) }),
  });
}
