import type { ActionTemplateDto } from '@portal/shared/actions/action.schema';
import { messageTemplateKind, storedAs, type TemplateItem } from '../platform/templates/template-kind.ts';
import { templateStore } from '../platform/templates/template-store.ts';

/**
 * An action template (docs/data-model.md §3.7, AP63–AP65): content, recipient groups and config to
 * send again, under `sk=TEMPLATE#ACTION#{templateId}`, ULID ids (creation order), `search_text`
 * derived from the title and the content's title and body.
 */
export const ActionTemplateKind = messageTemplateKind('action', storedAs<ActionTemplateDto['action']>());

export type ActionTemplateItem = TemplateItem<typeof ActionTemplateKind>;

/** AP63–AP65: the kit's store over this kind (get, create, replace, remove, list, search). */
export const actionTemplates = templateStore(ActionTemplateKind);
