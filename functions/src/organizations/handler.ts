import { orgPathSchema } from '@portal/shared/organizations/organizations.schema';
import { signUpSchema } from '@portal/shared/identity/sign-up.schema';
import { timeZonePatchSchema } from '@portal/shared/organizations/time-zone.schema';
import { createModuleHandler, route } from '../platform/http/route.ts';
import { created, json, ok } from '../platform/http/responses.ts';
import { checkHealth } from './health.service.ts';
import { getFeatureSettings, listOrganizationsOf } from './organizations.service.ts';
import { signUp } from './sign-up.service.ts';
import { updateTimeZone } from './time-zone.service.ts';

export const handler = createModuleHandler('organizations', {
  health: route({}, async () => {
    const health = await checkHealth();
    return json(health.status === 'ok' ? 200 : 503, health);
  }),

  listOrganizations: route({}, async ({ principal }) => ok(await listOrganizationsOf(principal.userId))),

  getFeatureSettings: route({ params: orgPathSchema }, async ({ params }) => ok(await getFeatureSettings(params.orgId))),

  signUp: route({ body: signUpSchema }, async ({ body }) => created(await signUp(body))),

  updateTimeZone: route({ params: orgPathSchema, body: timeZonePatchSchema }, async ({ params, body, principal }) =>
    ok(await updateTimeZone(params.orgId, body, principal)),
  ),
});
