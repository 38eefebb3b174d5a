import type { ModuleDeclaration } from '../api/module-declaration.ts';
import { featurePolicy, orgRoutes } from '../api/org-routes.ts';
import { ANY_ROLE, MANAGER_ROLES } from '../tenancy/roles.ts';

/** The tasks module's rows of the shared tables (decision 0074; assembled by shared/src/api/modules.ts). */
export const TASKS_MODULE = {
  module: 'tasks',
  // Its rows of the route table (shared/src/api/route-table.ts), in the table's order.
  routes: [
    // tasks (feature 'tasks'): employees read the tasks given to them (checklists read-only, spec 000
    // §6; the service lists only theirs); senders create, edit, complete and tick (decision 0028).
    ...orgRoutes('tasks', { roles: ANY_ROLE, feature: 'tasks' }, [
      ['GET', '/tasks', 'listTasks'],
      ['GET', '/tasks/{taskId}', 'getTask'],
      ['GET', '/tasks/{taskId}/status', 'getTaskStatus'],
    ] as const),
    ...orgRoutes('tasks', featurePolicy('tasks'), [
      ['POST', '/tasks', 'createTask'],
      ['PUT', '/tasks/{taskId}', 'updateTask'],
      ['DELETE', '/tasks/{taskId}', 'deleteTask'],
      ['GET', '/tasks/{taskId}/recurring-root', 'getTaskRecurringRoot'],
      ['POST', '/tasks/{taskId}/complete', 'completeTask'],
      ['PUT', '/tasks/{taskId}/checklist', 'updateTaskChecklist'],
      ['GET', '/task-drafts', 'listTaskDrafts'],
      ['POST', '/task-drafts', 'createTaskDraft'],
      ['GET', '/task-drafts/{draftId}', 'getTaskDraft'],
      ['PUT', '/task-drafts/{draftId}', 'updateTaskDraft'],
      ['DELETE', '/task-drafts/{draftId}', 'deleteTaskDraft'],
      // Create Task from a draft: the draft becomes a task (validated as one) and is gone.
      ['POST', '/task-drafts/{draftId}/send', 'sendTaskDraft'],
      ['GET', '/task-templates', 'listTaskTemplates'],
      ['POST', '/task-templates', 'createTaskTemplate'],
      ['GET', '/task-templates/{templateId}', 'getTaskTemplate'],
      ['PUT', '/task-templates/{templateId}', 'updateTaskTemplate'],
      ['DELETE', '/task-templates/{templateId}', 'deleteTaskTemplate'],
      // The form reads whether reminders are set up.
      ['GET', '/settings/tasks', 'getTaskSettings'],
    ] as const),
    // Undo a completion: admins only (spec 000 §6); the tasks settings page: managers only.
    ...orgRoutes('tasks', { roles: MANAGER_ROLES, feature: 'tasks' }, [
      ['DELETE', '/tasks/{taskId}/complete', 'uncompleteTask'],
      ['PUT', '/settings/tasks', 'updateTaskSettings'],
    ] as const),
  ],
  uplink: [
    {
      kind: 'task',
      module: 'tasks',
      handler: 'uplink',
      rule: 'task_events',
      description: 'receipts, completions, declines and checklist ticks of tasks from devices and users',
    },
  ],
  scheduledJobs: [
    {
      type: 'task.start',
      module: 'tasks',
      scheduledBy: ['tasks'],
      // Short: the module's function description joins its jobs' within Lambda's 256 characters.
      description: "a task's start, or a series' occurrence (create and deliver the child)",
      timeoutSeconds: 60,
      namePrefix: 'task-',
    },
    {
      type: 'task.remind',
      module: 'tasks',
      scheduledBy: ['tasks'],
      description: 'a reminder before the end to recipients who have not completed',
      timeoutSeconds: 60,
      namePrefix: 'taskr-',
    },
    {
      type: 'task.end',
      module: 'tasks',
      scheduledBy: ['tasks'],
      description: "a task's end: an unfinished task turns overdue and its creator is told",
      timeoutSeconds: 30,
      namePrefix: 'taske-',
    },
  ],
} as const satisfies ModuleDeclaration;
