import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { TASK_MESSAGES, type TaskInput, type TaskTemplateDto, type TaskTemplateInput } from '@portal/shared/tasks/task.schema';
import { NotFoundError } from '../platform/errors/domain-errors.ts';
import { templateService } from '../platform/templates/template-service.ts';
import type { TemplateInput } from '../platform/templates/template-store.ts';
import { assertRecipients } from '../users/public.ts';
import { taskTemplates, type TaskTemplateItem } from './task-template.entity.ts';

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

/** The kit's template routes over this module's store (platform/templates/template-service.ts). */
const service = templateService({ store: taskTemplates, itemOf, toDto, checkIds: checkRecipients, notFound });

export const createTemplate = service.create;
export const getTemplate = service.get;
export const updateTemplate = service.update;
export const deleteTemplate = service.remove;
export const searchTemplates = service.search;

/** "Save as template" of the task form: content, recipients and rule (ids already checked by the create). */
export const createTemplateFrom = (orgId: string, userId: string, input: TaskInput, now: Date): Promise<TaskTemplateDto> =>
  service.insert(
    orgId,
    userId,
    { task: { content: input.content, recipient_groups: input.recipient_groups, config: { closure_criteria: input.config.closure_criteria, reminders_enabled: input.config.reminders_enabled } } },
    now,
  );
