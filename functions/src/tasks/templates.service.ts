import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { TASK_MESSAGES, type TaskInput, type TaskTemplateDto, type TaskTemplateInput, type TaskTemplatePage } from '@portal/shared/tasks/task.schema';
import { newId } from '../platform/db/ids.ts';
import { NotFoundError } from '../platform/errors/domain-errors.ts';
import type { TemplateInput, TemplateSearchQuery } from '../platform/templates/template-store.ts';
import { assertRecipients } from '../users/public.ts';
import type { TaskTemplateItem } from './task-template.entity.ts';
import { taskTemplates } from './templates.repository.ts';

const notFound = () => new NotFoundError(TASK_MESSAGES.templateNotFound);

/** A template's title for lists and search: the task's title (its body when untitled). */
const TITLE_MAX = 100;

function toDto(item: TemplateInput<TaskTemplateItem>): TaskTemplateDto {
  return { id: item.templateId, title: item.title, task: item.task, created_by: item.createdBy, created_time: item.createdAt };
}

/** The stored template (spec 001 §3: the task without start and end); its `search_text` is derived by the store. */
function itemOf(orgId: string, templateId: string, input: TaskTemplateInput, author: { createdBy: string; createdAt: string }, now: Date): TemplateInput<TaskTemplateItem> {
  const { content, recipient_groups, config } = input.task;
  return {
    orgId,
    templateId,
    title: (content.title.text || content.body.text).slice(0, TITLE_MAX),
    task: { content, recipient_groups: recipient_groups as RecipientGroup[], config: { closure_criteria: config.closure_criteria, reminders_enabled: config.reminders_enabled } },
    ...author,
    updatedAt: now.toISOString(),
  };
}

/** A template's recipients must be the organisation's users and groups (docs/security.md, "Ids in request bodies"). */
const checkRecipients = (orgId: string, input: TaskTemplateInput) => assertRecipients(orgId, 'task.recipient_groups', input.task.recipient_groups);

export async function createTemplate(orgId: string, userId: string, input: TaskTemplateInput, now = new Date()): Promise<TaskTemplateDto> {
  await checkRecipients(orgId, input);
  const item = itemOf(orgId, newId(now.getTime()), input, { createdBy: userId, createdAt: now.toISOString() }, now);
  await taskTemplates.create(item);
  return toDto(item);
}

/** "Save as template" of the task form: content, recipients and rule (ids already checked by the create). */
export async function createTemplateFrom(orgId: string, userId: string, input: TaskInput, now: Date): Promise<TaskTemplateDto> {
  const template: TaskTemplateInput = {
    task: { content: input.content, recipient_groups: input.recipient_groups, config: { closure_criteria: input.config.closure_criteria, reminders_enabled: input.config.reminders_enabled } },
  };
  const item = itemOf(orgId, newId(now.getTime()), template, { createdBy: userId, createdAt: now.toISOString() }, now);
  await taskTemplates.create(item);
  return toDto(item);
}

export async function getTemplate(orgId: string, templateId: string): Promise<TaskTemplateDto> {
  const item = await taskTemplates.get(orgId, templateId);
  if (!item) throw notFound();
  return toDto(item);
}

export async function updateTemplate(orgId: string, templateId: string, input: TaskTemplateInput, now = new Date()): Promise<TaskTemplateDto> {
  const existing = await taskTemplates.get(orgId, templateId);
  if (!existing) throw notFound();
  await checkRecipients(orgId, input);
  const item = itemOf(orgId, templateId, input, { createdBy: existing.createdBy, createdAt: existing.createdAt }, now);
  if (!(await taskTemplates.replace(item))) throw notFound();
  return toDto(item);
}

export async function deleteTemplate(orgId: string, templateId: string): Promise<void> {
  if (!(await taskTemplates.remove(orgId, templateId))) throw notFound();
}

/** AP65 (spec 001 §7): term, filterBy all, sortBy created, isAscending, token paging. */
export async function searchTemplates(orgId: string, query: TemplateSearchQuery): Promise<TaskTemplatePage> {
  const page = await taskTemplates.search(orgId, query);
  return { ...page, items: page.items.map(toDto) };
}
