import { CHECKLIST_ITEMS_MAX, taskTemplateSchema, type TaskTemplateDto, type TaskTemplateInput } from '@portal/shared/tasks/task.schema';
import { schemaFieldErrors } from '../../../lib/schema-errors.ts';

/**
 * The in-place edit of a workflow's task template (spec 001 §4): its title, message and checklist
 * (one item a line). It is saved as a NEW task template with the old one's recipients and
 * completion rule, so other workflows and the tasks page keep the template they had (decision 0041).
 */
export interface TaskTemplateEditValues {
  title: string;
  message: string;
  checklist: string;
}

export type TaskTemplateEditField = keyof TaskTemplateEditValues;

export function toEditValues(template: TaskTemplateDto): TaskTemplateEditValues {
  const { content } = template.task;
  return {
    title: content.title.text ?? '',
    message: content.body.text ?? '',
    checklist: content.checklist
      .filter((item) => !item.is_deleted)
      .map((item) => item.title.text ?? '')
      .join('\n'),
  };
}

/** The checklist's lines, without blank ones. */
export const checklistLines = (checklist: string) =>
  checklist
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** POST task-templates: the edited content, the old template's recipients and config; new checklist ids (a new template). */
export function toNewTemplateBody(values: TaskTemplateEditValues, template: TaskTemplateDto, newId: () => string): TaskTemplateInput {
  return {
    task: {
      content: {
        title: { text: values.title.trim() },
        body: { text: values.message.trim() },
        checklist: checklistLines(values.checklist).map((text) => ({ id: newId(), title: { text }, is_checked: false, is_deleted: false })),
      },
      recipient_groups: template.task.recipient_groups,
      config: { closure_criteria: template.task.config.closure_criteria, reminders_enabled: template.task.config.reminders_enabled },
    },
  };
}

const FIELDS: Record<string, TaskTemplateEditField> = {
  'task.content.title.text': 'title',
  'task.content.body.text': 'message',
  'task.content.checklist': 'checklist',
  ...Object.fromEntries(Array.from({ length: CHECKLIST_ITEMS_MAX + 1 }, (_, i) => [`task.content.checklist[${i}].title.text`, 'checklist'] as const)),
};

/** The shared task template schema's messages per field ('Title is required' unless there is a message, item lengths, at most 20 items). */
export function validateEdit(values: TaskTemplateEditValues, template: TaskTemplateDto): Partial<Record<TaskTemplateEditField, string>> {
  return schemaFieldErrors(taskTemplateSchema, toNewTemplateBody(values, template, () => 'check'), FIELDS, 'title');
}
