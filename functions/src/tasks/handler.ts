import { mixed } from 'yup';
import { orgPathSchema } from '@portal/shared/organizations/organizations.schema';
import {
  checklistBatchSchema,
  draftListQuerySchema,
  draftPathSchema,
  seriesScopeQuerySchema,
  taskDraftSchema,
  taskListQuerySchema,
  taskPathSchema,
  taskSchema,
  taskSettingsSchema,
  taskTemplateSchema,
  templatePathSchema,
  templateSearchQuerySchema,
} from '@portal/shared/tasks/task.schema';
import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { created, noContent, ok } from '../platform/http/responses.ts';
import { createModuleHandler, route } from '../platform/http/route.ts';
import { eventBridgeScheduler } from '../platform/scheduling/eventbridge.adapter.ts';
import { registerSchedulerAdapter } from '../platform/scheduling/scheduler.ts';
import * as completion from './completion.service.ts';
import * as drafts from './drafts.service.ts';
import { replaceSettings } from '../audit/public.ts';
import { taskSettings } from './task-settings.entity.ts';
import { toDto } from './task-dto.ts';
import * as tasks from './tasks.service.ts';
import * as templates from './templates.service.ts';
import { registerShiftRecipients } from '../shifts/public.ts';

// `shift_activity_type` recipients resolve to who is on that activity (decision 0031).
registerShiftRecipients();

// The AWS adapters of the delivery queue (a task's delivery at its start) and scheduling (start,
// reminders, end) ports; DELIVERY_QUEUE=in-process and SCHEDULER=table pick the local runtime's
// (infra/local/functions.ts). docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryQueueAdapter(sqsDeliveryQueue);
registerSchedulerAdapter(eventBridgeScheduler);

/** Any JSON: the edit's schema depends on the stored task (ongoing, overdue, completed: content only), so the service validates. */
const editBody = mixed();

export const handler = createModuleHandler('tasks', {
  listTasks: route({ params: orgPathSchema, query: taskListQuerySchema }, async ({ params, query, principal }) =>
    ok(await tasks.listTasks(params.orgId, query, tasks.viewerOf(principal, params.orgId))),
  ),
  createTask: route({ params: orgPathSchema, body: taskSchema }, async ({ params, body, principal }) => created(await tasks.createTask(params.orgId, principal.userId, body))),
  getTask: route({ params: taskPathSchema }, async ({ params, principal }) => ok(await tasks.getTask(params.orgId, params.taskId, tasks.viewerOf(principal, params.orgId)))),
  getTaskStatus: route({ params: taskPathSchema }, async ({ params, principal }) =>
    ok(await tasks.getTaskStatus(params.orgId, params.taskId, tasks.viewerOf(principal, params.orgId))),
  ),
  updateTask: route({ params: taskPathSchema, body: editBody }, async ({ params, body, principal }) => ok(await tasks.updateTask(params.orgId, params.taskId, body, principal.userId))),
  deleteTask: route({ params: taskPathSchema, query: seriesScopeQuerySchema }, async ({ params, query }) => {
    await tasks.deleteTask(params.orgId, params.taskId, query.scope);
    return noContent();
  }),
  getTaskRecurringRoot: route({ params: taskPathSchema }, async ({ params }) => ok(await tasks.getRecurringRoot(params.orgId, params.taskId))),

  completeTask: route({ params: taskPathSchema }, async ({ params, principal }) => {
    const now = new Date();
    return ok(toDto(await completion.completeByAdmin(params.orgId, params.taskId, principal.userId, now), now));
  }),
  uncompleteTask: route({ params: taskPathSchema }, async ({ params }) => {
    const now = new Date();
    return ok(toDto(await completion.uncomplete(params.orgId, params.taskId, now), now));
  }),
  // The portal's batch (spec 000 §7: [{id, is_checked}]), by roles other than employee (the route's roles).
  updateTaskChecklist: route({ params: taskPathSchema, body: checklistBatchSchema }, async ({ params, body, principal }) => {
    const now = new Date();
    return ok(toDto(await completion.applyChecklist(params.orgId, params.taskId, principal.userId, body, now, { byRecipient: false }), now));
  }),

  listTaskDrafts: route({ params: orgPathSchema, query: draftListQuerySchema }, async ({ params, query }) => ok(await drafts.listDrafts(params.orgId, query))),
  createTaskDraft: route({ params: orgPathSchema, body: taskDraftSchema }, async ({ params, body, principal }) =>
    created(await drafts.createDraft(params.orgId, principal.userId, body)),
  ),
  getTaskDraft: route({ params: draftPathSchema }, async ({ params }) => ok(await drafts.getTaskDraft(params.orgId, params.draftId))),
  updateTaskDraft: route({ params: draftPathSchema, body: taskDraftSchema }, async ({ params, body }) => ok(await drafts.updateDraft(params.orgId, params.draftId, body))),
  deleteTaskDraft: route({ params: draftPathSchema }, async ({ params }) => {
    await drafts.deleteDraft(params.orgId, params.draftId);
    return noContent();
  }),
  sendTaskDraft: route({ params: draftPathSchema }, async ({ params, principal }) => created(await drafts.sendDraft(params.orgId, params.draftId, principal.userId))),

  listTaskTemplates: route({ params: orgPathSchema, query: templateSearchQuerySchema }, async ({ params, query }) => ok(await templates.searchTemplates(params.orgId, query))),
  createTaskTemplate: route({ params: orgPathSchema, body: taskTemplateSchema }, async ({ params, body, principal }) =>
    created(await templates.createTemplate(params.orgId, principal.userId, body)),
  ),
  getTaskTemplate: route({ params: templatePathSchema }, async ({ params }) => ok(await templates.getTemplate(params.orgId, params.templateId))),
  updateTaskTemplate: route({ params: templatePathSchema, body: taskTemplateSchema }, async ({ params, body }) =>
    ok(await templates.updateTemplate(params.orgId, params.templateId, body)),
  ),
  deleteTaskTemplate: route({ params: templatePathSchema }, async ({ params }) => {
    await templates.deleteTemplate(params.orgId, params.templateId);
    return noContent();
  }),

  getTaskSettings: route({ params: orgPathSchema }, async ({ params }) => ok(await taskSettings.read(params.orgId))),
  updateTaskSettings: route({ params: orgPathSchema, body: taskSettingsSchema }, async ({ params, body, principal }) => ok(await replaceSettings(params.orgId, principal, 'tasks', taskSettings, body))),
});
