import { ACTION_MESSAGES, actionSchema } from '@portal/shared/actions/action.schema';
import { NotFoundError } from '../platform/errors/domain-errors.ts';
import { parseInput } from '../platform/http/validate.middleware.ts';
import { firingOf, namesRecipients, skipWithoutRecipients, type FromTemplateRequest } from '../platform/templates/from-template-job.ts';
import { sendAction } from './actions.service.ts';
import { askFirstStep } from './ask-job.ts';
import { getAction } from './actions.repository.ts';
import { actionTemplates } from './action-template.entity.ts';

/**
 * A fired trigger's action template becomes an action sent now (decision 0039): the template's
 * content, recipients and config, `meta {template_id, trigger_id, firing_id, firing_at}` (the
 * firing's for its report fact, decision 0087), the id the firing fixed, sent as
 * `senderId` (its `exclude_creator` leaves them out). Idempotent: an action with that id already is
 * only asked, if no asking of it has marked it yet.
 */
export async function sendFromTemplate(orgId: string, request: FromTemplateRequest, now: Date): Promise<void> {
  const { templateId, itemId, triggerId, senderId } = request;
  // Stored by an attempt cut off before its asking was queued: asked from here (decision 0076).
  const stored = await getAction(orgId, itemId, { consistent: true });
  if (stored) return void (await askFirstStep(orgId, stored));
  const template = await actionTemplates.get(orgId, templateId);
  if (!template) throw new NotFoundError(ACTION_MESSAGES.templateNotFound);
  if (!namesRecipients(template.action.recipient_groups)) return skipWithoutRecipients('actions', orgId, request);
  const input = await parseInput(actionSchema, {
    content: template.action.content,
    recipient_groups: template.action.recipient_groups,
    config: template.action.config,
    meta: { template_id: templateId, trigger_id: triggerId },
    save_as_template: false,
  });
  await sendAction(orgId, senderId, input, now, itemId, firingOf(request));
}
