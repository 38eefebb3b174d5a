import type { TaskTemplateDto } from '@portal/shared/tasks/task.schema';
import { messageTemplateKind, storedAs, type TemplateItem } from '../platform/templates/template-kind.ts';
import { templateStore } from '../platform/templates/template-store.ts';

/**
 * A task template (docs/data-model.md §3.7, AP63–AP65; spec 001 §3): the task's content, recipient
 * groups and completion rule without start and end, under `sk=TEMPLATE#TASK#{templateId}`, ULID ids
 * (creation order), `search_text` derived from the title and the content's title and body.
 */
export const TaskTemplateKind = messageTemplateKind('task', storedAs<TaskTemplateDto['task']>());
export type TaskTemplateItem = TemplateItem<typeof TaskTemplateKind>;

/** AP63–AP65: the kit's store over this kind (get, create, replace, remove, list, search). */
export const taskTemplates = templateStore(TaskTemplateKind);
