import type { TaskDto, TaskTemplateDto, TaskTemplateInput } from '@portal/shared/tasks/task.schema';
import { orgPaths } from '../../../lib/paths.ts';
import { templateApi, templateRoutes } from '../../../lib/template-api.ts';
import { TaskIcon } from '../../../ui/icons.tsx';
import { sendingKit } from '../../../ui/sending-kit.ts';
import { recurringRootQueryOptions, taskQueryOptions } from '../api/tasks.ts';
import { TASK_TABS, type TasksTab } from './task-tabs.ts';

/** Task templates on the kit's template mechanism (spec 001 §3, §7 search), one, save, delete. */
export const taskTemplates = templateApi<'tasks', TaskTemplateDto, TaskTemplateInput>(templateRoutes('tasks'));

/**
 * Tasks as an instance of the sending kit (issue 29): /tasks with its six tabs (an employee's four);
 * a series' child asks 'Just this one' or 'All Occurrences' before an edit or a delete.
 */
export const tasksKit = sendingKit<TasksTab, TaskDto, TaskTemplateDto>({
  listRoute: orgPaths.tasks,
  namespace: 'tasks',
  loadingKey: 'list.loading',
  tabs: TASK_TABS,
  param: 'taskId',
  itemQuery: taskQueryOptions,
  rootQuery: recurringRootQueryOptions,
  series: {
    headline: (dto) => dto.content.title.text || dto.content.body.text,
    edit: orgPaths.taskEdit,
    editRecurring: orgPaths.taskEditRecurring,
    editRecurringRemote: orgPaths.taskEditRecurringRemote,
  },
  templates: taskTemplates,
  templateItem: (template) => template.task,
  templatePaths: {
    create: orgPaths.taskTemplateCreate,
    send: orgPaths.taskSend,
    edit: orgPaths.taskTemplateEdit,
    copy: orgPaths.taskTemplateCopy,
    delete: orgPaths.taskTemplateDelete,
    inspect: orgPaths.taskTemplateInspect,
  },
  icon: TaskIcon,
});
