import { ACTION_MESSAGES, type ActionInput, type ActionTemplateDto, type ActionTemplateInput, type ActionTemplatePage } from '@portal/shared/actions/action.schema';
import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { newId } from '../platform/db/ids.ts';
import { NotFoundError } from '../platform/errors/domain-errors.ts';
import type { TemplateInput, TemplateSearchQuery } from '../platform/templates/template-store.ts';
import { assertRecipients } from '../users/public.ts';
import type { ActionTemplateItem } from './action-template.entity.ts';
import { actionTemplates } from './templates.repository.ts';

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

export async function createTemplate(orgId: string, userId: string, input: ActionTemplateInput, now = new Date()): Promise<ActionTemplateDto> {
  await checkRecipients(orgId, input);
  const item = itemOf(orgId, newId(now.getTime()), input, { createdBy: userId, createdAt: now.toISOString() }, now);
  await actionTemplates.create(item);
  return toDto(item);
}

/** "Save as template" of the action form: its content, recipients and config (ids already checked by the send). */
export async function createTemplateFrom(orgId: string, userId: string, input: ActionInput, now: Date): Promise<ActionTemplateDto> {
  const item = itemOf(
    orgId,
    newId(now.getTime()),
    { action: { content: input.content, recipient_groups: input.recipient_groups, config: input.config } },
    { createdBy: userId, createdAt: now.toISOString() },
    now,
  );
  await actionTemplates.create(item);
  return toDto(item);
}

export async function getTemplate(orgId: string, templateId: string): Promise<ActionTemplateDto> {
  const item = await actionTemplates.get(orgId, templateId);
  if (!item) throw notFound();
  return toDto(item);
}

export async function updateTemplate(orgId: string, templateId: string, input: ActionTemplateInput, now = new Date()): Promise<ActionTemplateDto> {
  const existing = await actionTemplates.get(orgId, templateId);
  if (!existing) throw notFound();
  await checkRecipients(orgId, input);
  const item = itemOf(orgId, templateId, input, { createdBy: existing.createdBy, createdAt: existing.createdAt }, now);
  if (!(await actionTemplates.replace(item))) throw notFound();
  return toDto(item);
}

export async function deleteTemplate(orgId: string, templateId: string): Promise<void> {
  if (!(await actionTemplates.remove(orgId, templateId))) throw notFound();
}

/** AP65 (spec 001 §7): term, filterBy all, sortBy created, isAscending, token paging. */
export async function searchTemplates(orgId: string, query: TemplateSearchQuery): Promise<ActionTemplatePage> {
  const page = await actionTemplates.search(orgId, query);
  return { ...page, items: page.items.map(toDto) };
}
