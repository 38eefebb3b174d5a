import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaskSettings } from '@portal/shared/tasks/task.schema';
import { api } from '../api.ts';
import { orgDataKeys } from './query-keys.ts';

/** GET settings/tasks: the reminders before a task's end and whether its creator hears of it overdue (the settings page; the task form says when reminders come). */
export function taskSettingsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: orgDataKeys.taskSettings(orgId),
    queryFn: ({ signal }) => api.request<TaskSettings>('tasks', 'getTaskSettings', { params: { orgId }, signal }),
    staleTime: 60_000,
  });
}

export function useTaskSettings(orgId: string) {
  return useQuery(taskSettingsQueryOptions(orgId));
}

/** PUT settings/tasks (managers). */
export function useSaveTaskSettings(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskSettings) => api.request<TaskSettings>('tasks', 'updateTaskSettings', { params: { orgId }, body }),
    onSuccess: (data) => client.setQueryData(orgDataKeys.taskSettings(orgId), data),
  });
}
