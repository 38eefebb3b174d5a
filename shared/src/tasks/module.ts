import type { ModuleDeclaration } from '../api/module-declaration.ts';

/** The tasks module's rows of the backend tables (decision 0074; assembled by shared/src/api/modules.ts). */
export const TASKS_MODULE = {
  module: 'tasks',
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
