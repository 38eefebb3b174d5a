import type { ActionTemplateDto, ActionTemplateInput } from '@portal/shared/actions/action.schema';
import { templateApi } from '../../../lib/template-api.ts';

/** Action templates on the kit's template mechanism (spec 001 §7 search). */
const templates = templateApi<'actions', ActionTemplateDto, ActionTemplateInput>({
  module: 'actions',
  key: 'action-templates',
  list: 'listActionTemplates',
  get: 'getActionTemplate',
  create: 'createActionTemplate',
  update: 'updateActionTemplate',
  remove: 'deleteActionTemplate',
});

export const actionTemplatesKey = templates.templatesKey;
export const templateSearchQueryOptions = templates.searchQueryOptions;
export const templateQueryOptions = templates.itemQueryOptions;
export const useSaveTemplate = templates.useSave;
export const useDeleteTemplate = templates.useDelete;
