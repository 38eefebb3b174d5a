import { TASK_MESSAGES, taskSchema, type TaskDraftDto, type TaskDraftInput, type TaskDraftPage, type TaskDto } from '@portal/shared/tasks/task.schema';
import { newId } from '../platform/db/ids.ts';
import { pageSize } from '../platform/db/paging.ts';
import { NotFoundError } from '../platform/errors/domain-errors.ts';
import { parseInput } from '../platform/http/validate.middleware.ts';
import { logger } from '../platform/logger.ts';
import { assertOwnedIds } from '../platform/tenancy/owned-ids.ts';
import { assertRecipients } from '../users/public.ts';
import { draftPage, getDraft, insertDraft, removeDraft, replaceDraft } from './drafts.repository.ts';
import { draftToDto } from './task-dto.ts';
import type { TaskDraftItem } from './task-draft.entity.ts';
import { draftTitle } from './task-rules.ts';
import { createTask } from './tasks.service.ts';

/**
 * Task drafts (spec 000 §4, decision 0028): saved without validation beyond types and limits, an
 * untitled one as 'Untitled Draft '; Create Task validates the draft as a task, creates it (a new
 * id) and the draft is gone.
 */

const notFound = () => new NotFoundError(TASK_MESSAGES.draftNotFound);

/** Ids a draft names are the organisation's, as a task's (docs/security.md, "Ids in request bodies"). */
async function checkIds(orgId: string, input: TaskDraftInput): Promise<void> {
  await assertRecipients(orgId, 'recipient_groups', input.recipient_groups);
  await assertOwnedIds(orgId, [
    { field: 'meta.template_id', kind: 'taskTemplate', ids: [input.meta?.template_id] },
    { field: 'meta.trigger_id', kind: 'trigger', ids: [input.meta?.trigger_id] },
  ]);
}

function itemOf(orgId: string, draftId: string, input: TaskDraftInput, author: { createdBy: string; createdAt: string }, now: Date): TaskDraftItem {
  return {
    orgId,
    draftId,
    content: { ...input.content, title: { text: draftTitle(input.content.title.text) } },
    recipientGroups: input.recipient_groups,
    config: input.config,
    meta: { template_id: input.meta?.template_id ?? null, trigger_id: input.meta?.trigger_id ?? null },
    ...author,
    updatedAt: now.toISOString(),
  };
}

async function requireDraft(orgId: string, draftId: string): Promise<TaskDraftItem> {
  const item = await getDraft(orgId, draftId);
  if (!item) throw notFound();
  return item;
}

export async function createDraft(orgId: string, userId: string, input: TaskDraftInput, now = new Date()): Promise<TaskDraftDto> {
  await checkIds(orgId, input);
  const item = itemOf(orgId, newId(now.getTime()), input, { createdBy: userId, createdAt: now.toISOString() }, now);
  await insertDraft(item);
  return draftToDto(item);
}

export const getTaskDraft = async (orgId: string, draftId: string): Promise<TaskDraftDto> => draftToDto(await requireDraft(orgId, draftId));

export async function updateDraft(orgId: string, draftId: string, input: TaskDraftInput, now = new Date()): Promise<TaskDraftDto> {
  const existing = await requireDraft(orgId, draftId);
  await checkIds(orgId, input);
  const item = itemOf(orgId, draftId, input, { createdBy: existing.createdBy, createdAt: existing.createdAt }, now);
  if (!(await replaceDraft(item))) throw notFound();
  return draftToDto(item);
}

export async function deleteDraft(orgId: string, draftId: string): Promise<void> {
  if (!(await removeDraft(orgId, draftId))) throw notFound();
}

/** AP61: newest first. */
export async function listDrafts(orgId: string, query: { next_token?: string | undefined; limit?: string | undefined }): Promise<TaskDraftPage> {
  const page = await draftPage(orgId, { limit: pageSize(query.limit), token: query.next_token });
  return { items: page.data.map(draftToDto), ...(page.cursor ? { next_token: page.cursor } : {}) };
}

/** The draft as the task form would post it: its saved fields (an 'Untitled Draft ' title is a title). */
const asTaskBody = (item: TaskDraftItem) => ({ content: item.content, recipient_groups: item.recipientGroups, config: item.config, meta: item.meta });

/**
 * Create Task (AP62): the draft validated as a task (400 with the form's messages, the draft kept),
 * taken (a conditional delete, so two clicks make one task), then created; a failed create puts
 * the draft back.
 */
export async function sendDraft(orgId: string, draftId: string, userId: string, now = new Date()): Promise<TaskDto> {
  const draft = await requireDraft(orgId, draftId);
  const input = await parseInput(taskSchema, asTaskBody(draft), 'body');
  if (!(await removeDraft(orgId, draftId))) throw notFound();
  try {
    return await createTask(orgId, userId, input, now);
  } catch (error) {
    await insertDraft(draft).catch((undo: unknown) => logger.error('A draft could not be put back', { id: draftId, error: (undo as Error).message }));
    throw error;
  }
}
