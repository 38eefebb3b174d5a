import { actionListQuerySchema, actionPathSchema, actionSchema, actionSettingsSchema, actionTemplateSchema } from '@portal/shared/actions/action.schema';
import { orgPathSchema } from '@portal/shared/organizations/organizations.schema';
import { templatePathSchema, templateSearchQuerySchema } from '@portal/shared/templates/template-search.schema';
import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { accepted, created, noContent, ok } from '../platform/http/responses.ts';
import { createModuleHandler, route } from '../platform/http/route.ts';
import * as actions from './actions.service.ts';
import { replaceSettings } from '../audit/public.ts';
import { actionSettings } from './action-settings.entity.ts';
import * as templates from './templates.service.ts';
import { registerShiftRecipients } from '../shifts/public.ts';

// `shift_activity_type` recipients resolve to who is on that activity (decision 0031).
registerShiftRecipients();

// The AWS adapter of the delivery queue port: a send's asking (decision 0076: the delivery function
// writes its rows, queues its prompts and times its step) and a withdrawal's closing are jobs, this
// function publishes and schedules nothing (decision 0054). DELIVERY_QUEUE=sqs picks it,
// DELIVERY_QUEUE=in-process the local runtime's (infra/local/functions.ts).
// docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryQueueAdapter(sqsDeliveryQueue);

export const handler = createModuleHandler('actions', {
  listActions: route({ params: orgPathSchema, query: actionListQuerySchema }, async ({ params, query }) => ok(await actions.listActions(params.orgId, query))),
  // Sent now: accepted, its delivery runs on the queue (decision 0020).
  sendAction: route({ params: orgPathSchema, body: actionSchema }, async ({ params, body, principal }) =>
    accepted(await actions.sendAction(params.orgId, principal.userId, body)),
  ),
  getAction: route({ params: actionPathSchema }, async ({ params }) => ok(await actions.getAction(params.orgId, params.actionId))),
  deleteAction: route({ params: actionPathSchema }, async ({ params }) => {
    await actions.deleteAction(params.orgId, params.actionId);
    return noContent();
  }),
  getActionStatus: route({ params: actionPathSchema }, async ({ params }) => ok(await actions.getActionStatus(params.orgId, params.actionId))),

  listActionTemplates: route({ params: orgPathSchema, query: templateSearchQuerySchema }, async ({ params, query }) =>
    ok(await templates.searchTemplates(params.orgId, query)),
  ),
  createActionTemplate: route({ params: orgPathSchema, body: actionTemplateSchema }, async ({ params, body, principal }) =>
    created(await templates.createTemplate(params.orgId, principal.userId, body)),
  ),
  getActionTemplate: route({ params: templatePathSchema }, async ({ params }) => ok(await templates.getTemplate(params.orgId, params.templateId))),
  updateActionTemplate: route({ params: templatePathSchema, body: actionTemplateSchema }, async ({ params, body }) =>
    ok(await templates.updateTemplate(params.orgId, params.templateId, body)),
  ),
  deleteActionTemplate: route({ params: templatePathSchema }, async ({ params }) => {
    await templates.deleteTemplate(params.orgId, params.templateId);
    return noContent();
  }),

  getActionSettings: route({ params: orgPathSchema }, async ({ params }) => ok(await actionSettings.read(params.orgId))),
  updateActionSettings: route({ params: orgPathSchema, body: actionSettingsSchema }, async ({ params, body, principal }) => ok(await replaceSettings(params.orgId, principal, 'actions', actionSettings, body))),
});
