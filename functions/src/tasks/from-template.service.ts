import { TASK_DEFAULT_END_TIME } from '@portal/shared/constants';
import { zonedParts, zonedTimeToUtc } from '@portal/shared/scheduling/recurrence';
import { partsIn } from '@portal/shared/scheduling/series-time';
import { TASK_MESSAGES, taskSchema } from '@portal/shared/tasks/task.schema';
import { NotFoundError } from '../platform/errors/domain-errors.ts';
import { parseInput } from '../platform/http/validate.middleware.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import { namesRecipients, skipWithoutRecipients, type FromTemplateRequest } from '../platform/templates/from-template-job.ts';
import { createTask } from './tasks.service.ts';
import { getTask } from './tasks.repository.ts';
import { taskTemplates } from './task-template.entity.ts';

/**
 * Spec 001 §3, "Config of a task created from a template": the template's completion rule (one by
 * default), no reminders, not a draft, from now to the end of today in the organisation's zone
 * (TASK_DEFAULT_END_TIME, the form's default end).
 */
export function fromTemplateWindow(now: Date, timeZone: string) {
  const today = zonedParts(now, timeZone);
  const [hour, minute, second] = TASK_DEFAULT_END_TIME.split(':').map(Number) as [number, number, number];
  const end = zonedTimeToUtc({ year: today.year, month: today.month, day: today.day, hour, minute, second }, timeZone);
  return { start: partsIn(now, timeZone), end: partsIn(end, timeZone, true) };
}

/**
 * A fired trigger's task template becomes a task (decision 0039): the template's content and
 * recipients, the config above, `meta {template_id, trigger_id}`, the id the firing fixed, created
 * as `senderId` and delivered now. Idempotent: a task with that id already is left as it is.
 */
export async function sendFromTemplate(orgId: string, request: FromTemplateRequest, now: Date): Promise<void> {
  const { templateId, itemId, triggerId, senderId } = request;
  if (await getTask(orgId, itemId, { consistent: true })) return;
  const template = await taskTemplates.get(orgId, templateId);
  if (!template) throw new NotFoundError(TASK_MESSAGES.templateNotFound);
  if (!namesRecipients(template.task.recipient_groups)) return skipWithoutRecipients('tasks', orgId, request);
  const window = fromTemplateWindow(now, await organizationTimeZone(orgId));
  const input = await parseInput(taskSchema, {
    content: template.task.content,
    recipient_groups: template.task.recipient_groups,
    config: { closure_criteria: template.task.config?.closure_criteria ?? 'one', reminders_enabled: false, start: window.start, end: window.end, recurring: null },
    meta: { template_id: templateId, trigger_id: triggerId },
    save_as_template: false,
  });
  await createTask(orgId, senderId, input, now, itemId);
}
