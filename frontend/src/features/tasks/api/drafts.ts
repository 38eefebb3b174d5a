import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskDraftDto, TaskDraftInput, TaskDraftPage, TaskDto } from '@portal/shared/tasks/task.schema';
import { api } from '../../../lib/api.ts';
import { tasksKey } from './tasks.ts';

/** Drafts (spec 000 §4): saved without validation, newest first. */
export const draftsKey = (orgId: string) => ['task-drafts', orgId] as const;

export function draftListQueryOptions(orgId: string) {
  return infiniteQueryOptions({
    queryKey: [...draftsKey(orgId), 'list'],
    queryFn: ({ pageParam, signal }) => api.request<TaskDraftPage>('tasks', 'listTaskDrafts', { params: { orgId }, query: { next_token: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_token || undefined,
  });
}

export function draftQueryOptions(orgId: string, draftId: string) {
  return queryOptions({
    queryKey: [...draftsKey(orgId), 'detail', draftId],
    queryFn: ({ signal }) => api.request<TaskDraftDto>('tasks', 'getTaskDraft', { params: { orgId, draftId }, signal }),
  });
}

/** POST task-drafts or PUT task-drafts/{id}. */
export function useSaveDraft(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ draftId, body }: { draftId?: string; body: TaskDraftInput }) =>
      draftId
        ? api.request<TaskDraftDto>('tasks', 'updateTaskDraft', { params: { orgId, draftId }, body })
        : api.request<TaskDraftDto>('tasks', 'createTaskDraft', { params: { orgId }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: draftsKey(orgId) }),
  });
}

export function useDeleteDraft(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draftId: string) => api.request<void>('tasks', 'deleteTaskDraft', { params: { orgId, draftId } }),
    onSuccess: (_, draftId) => {
      client.removeQueries({ queryKey: [...draftsKey(orgId), 'detail', draftId] });
      return client.invalidateQueries({ queryKey: draftsKey(orgId) });
    },
  });
}

/**
 * Create Task from a draft: the form's values are saved to the draft (PUT), then POST
 * task-drafts/{id}/send validates it as a task and makes one (a new id); the draft is gone.
 */
export function useSendDraft(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ draftId, body }: { draftId: string; body: TaskDraftInput }) => {
      await api.request<TaskDraftDto>('tasks', 'updateTaskDraft', { params: { orgId, draftId }, body });
      return api.request<TaskDto>('tasks', 'sendTaskDraft', { params: { orgId, draftId } });
    },
    // Only the lists: the open overlay still shows the draft until its card closes (a refetch would find it gone and leave early).
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: [...draftsKey(orgId), 'list'] }), client.invalidateQueries({ queryKey: tasksKey(orgId) })]),
  });
}
