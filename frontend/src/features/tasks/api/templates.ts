import type { TaskTemplateDto, TaskTemplateInput } from '@portal/shared/tasks/task.schema';
import { TEMPLATE_ROUTES, templateApi } from '../../../lib/template-api.ts';

/** Task templates on the kit's template mechanism (spec 001 §3, §7 search). */
const templates = templateApi<'tasks', TaskTemplateDto, TaskTemplateInput>(TEMPLATE_ROUTES.tasks);

export const taskTemplatesKey = templates.templatesKey;
export const templateSearchQueryOptions = templates.searchQueryOptions;
export const templateQueryOptions = templates.itemQueryOptions;
export const useSaveTemplate = templates.useSave;
export const useDeleteTemplate = templates.useDelete;
