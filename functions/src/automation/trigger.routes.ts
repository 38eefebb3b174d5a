import {
  automationSettingsSchema,
  triggerGroupPathSchema,
  triggerGroupSchema,
  triggerPathSchema,
  triggerSchema,
} from '@portal/shared/automation/automation.schema';
import { orgPathSchema } from '@portal/shared/organizations/organizations.schema';
import { created, noContent, ok } from '../platform/http/responses.ts';
import { route } from '../platform/http/route.ts';
import { updateAutomationSettings } from './automation-settings.service.ts';
import { listFirings } from './firings.service.ts';
import * as groups from './trigger-groups.service.ts';
import * as triggers from './triggers.service.ts';

/** Triggers, trigger groups, their firings and `/settings/automation` (managers, feature automation), and the trigger names senders read. */
export const triggerRoutes = {
  listTriggers: route({ params: orgPathSchema }, async ({ params }) => ok(await triggers.listTriggers(params.orgId))),
  // The only answers with the secret: the create, the edit that makes a trigger external, the rotation.
  createTrigger: route({ params: orgPathSchema, body: triggerSchema }, async ({ params, body, principal }) =>
    created(await triggers.createTrigger(params.orgId, principal, body)),
  ),
  getTrigger: route({ params: triggerPathSchema }, async ({ params }) => ok(await triggers.requireTrigger(params.orgId, params.triggerId))),
  updateTrigger: route({ params: triggerPathSchema, body: triggerSchema }, async ({ params, body, principal }) =>
    ok(await triggers.updateTrigger(params.orgId, params.triggerId, body, principal)),
  ),
  deleteTrigger: route({ params: triggerPathSchema }, async ({ params, principal }) => {
    await triggers.deleteTrigger(params.orgId, params.triggerId, principal);
    return noContent();
  }),
  rotateTriggerSecret: route({ params: triggerPathSchema }, async ({ params, principal }) =>
    ok(await triggers.rotateTriggerSecret(params.orgId, params.triggerId, principal)),
  ),
  listTriggerFirings: route({ params: triggerPathSchema }, async ({ params }) => {
    await triggers.requireTrigger(params.orgId, params.triggerId);
    return ok(await listFirings(params.orgId, params.triggerId, new Date()));
  }),

  listTriggerGroups: route({ params: orgPathSchema }, async ({ params }) => ok(await groups.listTriggerGroups(params.orgId))),
  createTriggerGroup: route({ params: orgPathSchema, body: triggerGroupSchema }, async ({ params, body, principal }) =>
    created(await groups.createTriggerGroup(params.orgId, principal, body)),
  ),
  getTriggerGroup: route({ params: triggerGroupPathSchema }, async ({ params }) => ok(await groups.requireTriggerGroup(params.orgId, params.triggerGroupId))),
  updateTriggerGroup: route({ params: triggerGroupPathSchema, body: triggerGroupSchema }, async ({ params, body, principal }) =>
    ok(await groups.updateTriggerGroup(params.orgId, params.triggerGroupId, body, principal)),
  ),
  deleteTriggerGroup: route({ params: triggerGroupPathSchema }, async ({ params, principal }) => {
    await groups.deleteTriggerGroup(params.orgId, params.triggerGroupId, principal);
    return noContent();
  }),

  getAutomationSettings: route({ params: orgPathSchema }, async ({ params }) => ok(await triggers.automationSettings(params.orgId))),
  updateAutomationSettings: route({ params: orgPathSchema, body: automationSettingsSchema }, async ({ params, body, principal }) =>
    ok(await updateAutomationSettings(params.orgId, body, principal)),
  ),
  listTriggerNames: route({ params: orgPathSchema }, async ({ params }) => ok(await triggers.listTriggerNames(params.orgId))),
};
