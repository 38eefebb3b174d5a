import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskDraftDto, TaskDraftInput, TaskDraftPage, TaskDto } from '@portal/shared/tasks/task.schema';
import { api } from '../../../lib/api.ts';
import { crudResource } from '../../../lib/resource-api.ts';
import { tasksKey } from './tasks.ts';

/** Drafts (spec 000 §4): saved without validation, newest first. */
const drafts = crudResource<{ item: TaskDraftDto; input: TaskDraftInput; list: TaskDraftPage }>()({
  module: 'tasks',
  key: (orgId) => ['task-drafts', orgId] as const,
  id: 'draftId',
  list: 'listTaskDrafts',
  get: 'getTaskDraft',
  create: 'createTaskDraft',
  update: 'updateTaskDraft',
  remove: 'deleteTaskDraft',
});

export const draftsKey = drafts.key;
export const draftListQueryOptions = (orgId: string) => drafts.pagesQueryOptions(orgId);
export const draftQueryOptions = drafts.itemQueryOptions;
/** POST task-drafts or PUT task-drafts/{id}. */
export const useSaveDraft = drafts.useSave;
export const useDeleteDraft = drafts.useDelete;

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
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: drafts.listKey(orgId) }), client.invalidateQueries({ queryKey: tasksKey(orgId) })]),
  });
}
