import { ACTION_MESSAGES, type ActionInput, type ActionTemplateDto, type ActionTemplateInput } from '@portal/shared/actions/action.schema';
import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { NotFoundError } from '../platform/errors/domain-errors.ts';
import { templateService } from '../platform/templates/template-service.ts';
import type { TemplateInput } from '../platform/templates/template-store.ts';
import { assertRecipients } from '../users/public.ts';
import { actionTemplates, type ActionTemplateItem } from './action-template.entity.ts';

const notFound = () => new NotFoundError(ACTION_MESSAGES.templateNotFound);

/** A template's title for lists and search: the action's title. */
const TITLE_MAX = 100;

function toDto(item: TemplateInput<ActionTemplateItem>): ActionTemplateDto {
  return { id: item.templateId, title: item.title, action: item.action, created_by: item.createdBy, created_time: item.createdAt };
}

/** The stored template; its `search_text` is derived by the store. */
function itemOf(orgId: string, templateId: string, input: ActionTemplateInput, author: { createdBy: string; createdAt: string }, now: Date): TemplateInput<ActionTemplateItem> {
  const { content, recipient_groups, config } = input.action;
  return {
    orgId,
    templateId,
    title: content.title.text.slice(0, TITLE_MAX),
    action: { content, recipient_groups: recipient_groups as RecipientGroup[], config },
    ...author,
    updatedAt: now.toISOString(),
  };
}

/** A template's recipients and feedback recipients must be the organisation's users and groups (docs/security.md, "Ids in request bodies"). */
async function checkRecipients(orgId: string, input: ActionTemplateInput): Promise<void> {
  await assertRecipients(orgId, 'action.recipient_groups', input.action.recipient_groups);
  await assertRecipients(orgId, 'action.config.feedback_recipient_groups', input.action.config.feedback_recipient_groups);
}

/** The kit's template routes over this module's store (platform/templates/template-service.ts). */
const service = templateService({ store: actionTemplates, itemOf, toDto, checkIds: checkRecipients, notFound });

export const createTemplate = service.create;
export const getTemplate = service.get;
export const updateTemplate = service.update;
export const deleteTemplate = service.remove;
export const searchTemplates = service.search;

/** "Save as template" of the action form: its content, recipients and config (ids already checked by the send). */
export const createTemplateFrom = (orgId: string, userId: string, input: ActionInput, now: Date): Promise<ActionTemplateDto> =>
  service.insert(orgId, userId, { action: { content: input.content, recipient_groups: input.recipient_groups, config: input.config } }, now);
