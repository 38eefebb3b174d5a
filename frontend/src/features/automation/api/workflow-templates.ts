import type { WorkflowItemType } from '@portal/shared/automation/automation.schema';
import type { TaskTemplateDto, TaskTemplateInput } from '@portal/shared/tasks/task.schema';
import { templateApi, templateRoutes } from '../../../lib/template-api.ts';

/** What the workflow needs of any template: its id and title (each module's DTO has both). */
export interface WorkflowTemplate {
  id: string;
  title: string;
  created_time: string;
}

/**
 * The templates a workflow runs, on the kit's template API (the same query keys as the modules'
 * own pages, so a template saved here shows there). A feature may not import another feature: the
 * routes come from the route table through lib/template-api. The search (spec 001 §7) and the one-template query of each workflow item type, read as WorkflowTemplate.
 */
export const WORKFLOW_TEMPLATES = {
  'notification-template': templateApi<'notifications', WorkflowTemplate, never>(templateRoutes('notifications')),
  'action-template': templateApi<'actions', WorkflowTemplate, never>(templateRoutes('actions')),
  'task-template': templateApi<'tasks', WorkflowTemplate, never>(templateRoutes('tasks')),
} satisfies Record<WorkflowItemType, unknown>;

/** Task templates in full: the in-place edit reads one and saves a new one. */
const taskTemplates = templateApi<'tasks', TaskTemplateDto, TaskTemplateInput>(templateRoutes('tasks'));
export const taskTemplateQueryOptions = taskTemplates.itemQueryOptions;
/** POST task-templates: an in-place edit of a workflow's task template is saved as a new template (decision 0041). */
export const useSaveTaskTemplate = taskTemplates.useSave;
