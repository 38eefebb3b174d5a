import { orgPathSchema } from '@portal/shared/organizations/organizations.schema';
import {
  activityTypePathSchema,
  applyShiftTemplateSchema,
  shiftActivityTypeSchema,
  shiftPathSchema,
  shiftSchema,
  shiftTemplatePathSchema,
  shiftTemplateSchema,
  shiftWeekPathSchema,
} from '@portal/shared/shifts/shift.schema';
import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { created, noContent, ok } from '../platform/http/responses.ts';
import { createModuleHandler, route } from '../platform/http/route.ts';
import * as activityTypes from './activity-types.service.ts';
import * as publish from './publish.service.ts';
import * as shifts from './shifts.service.ts';
import * as shiftTemplates from './shift-templates.service.ts';

// A publish queues each affected person's week (decision 0033): the AWS adapter of the delivery
// queue port, which DELIVERY_QUEUE=sqs picks (FUNCTION_NEEDS in infra/aws/function-needs.ts).
registerDeliveryQueueAdapter(sqsDeliveryQueue);

/** The shift planner (issue 15; decision 0031): activity types, shifts, weeks and week templates. */
export const handler = createModuleHandler('shifts', {
  listShiftActivityTypes: route({ params: orgPathSchema }, async ({ params }) => ok(await activityTypes.listActivityTypes(params.orgId))),
  createShiftActivityType: route({ params: orgPathSchema, body: shiftActivityTypeSchema }, async ({ params, body, principal }) =>
    created(await activityTypes.createActivityType(params.orgId, body, principal)),
  ),
  updateShiftActivityType: route({ params: activityTypePathSchema, body: shiftActivityTypeSchema }, async ({ params, body, principal }) =>
    ok(await activityTypes.updateActivityType(params.orgId, params.activityTypeId, body, principal)),
  ),
  deleteShiftActivityType: route({ params: activityTypePathSchema }, async ({ params, principal }) => {
    await activityTypes.deleteActivityType(params.orgId, params.activityTypeId, principal);
    return noContent();
  }),

  getShiftWeek: route({ params: shiftWeekPathSchema }, async ({ params }) => ok(await shifts.getWeek(params.orgId, params.week))),
  createShift: route({ params: orgPathSchema, body: shiftSchema }, async ({ params, body }) => created(await shifts.createShift(params.orgId, body))),
  updateShift: route({ params: shiftPathSchema, body: shiftSchema }, async ({ params, body }) => ok(await shifts.updateShift(params.orgId, params.shiftId, body))),
  deleteShift: route({ params: shiftPathSchema }, async ({ params }) => {
    await shifts.deleteShift(params.orgId, params.shiftId);
    return noContent();
  }),
  publishShiftWeek: route({ params: shiftWeekPathSchema }, async ({ params, principal }) => ok(await publish.publishWeek(params.orgId, params.week, principal.userId))),
  copyPreviousShiftWeek: route({ params: shiftWeekPathSchema }, async ({ params }) => ok(await shifts.copyPreviousWeek(params.orgId, params.week))),

  listShiftTemplates: route({ params: orgPathSchema }, async ({ params }) => ok(await shiftTemplates.listShiftTemplates(params.orgId))),
  getShiftTemplate: route({ params: shiftTemplatePathSchema }, async ({ params }) => ok(await shiftTemplates.getShiftTemplate(params.orgId, params.templateId))),
  createShiftTemplate: route({ params: orgPathSchema, body: shiftTemplateSchema }, async ({ params, body, principal }) =>
    created(await shiftTemplates.createShiftTemplate(params.orgId, principal.userId, body)),
  ),
  applyShiftTemplate: route({ params: shiftTemplatePathSchema, body: applyShiftTemplateSchema }, async ({ params, body }) =>
    ok(await shiftTemplates.applyShiftTemplate(params.orgId, params.templateId, body.week, body.replace)),
  ),
  deleteShiftTemplate: route({ params: shiftTemplatePathSchema }, async ({ params }) => {
    await shiftTemplates.deleteShiftTemplate(params.orgId, params.templateId);
    return noContent();
  }),
});
