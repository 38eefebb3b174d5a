import type { ActionTemplateDto, ActionTemplateInput } from '@portal/shared/actions/action.schema';
import { TEMPLATE_ROUTES, templateApi } from '../../../lib/template-api.ts';

/** Action templates on the kit's template mechanism (spec 001 §7 search). */
const templates = templateApi<'actions', ActionTemplateDto, ActionTemplateInput>(TEMPLATE_ROUTES.actions);

export const actionTemplatesKey = templates.templatesKey;
export const templateSearchQueryOptions = templates.searchQueryOptions;
export const templateQueryOptions = templates.itemQueryOptions;
export const useSaveTemplate = templates.useSave;
export const useDeleteTemplate = templates.useDelete;
