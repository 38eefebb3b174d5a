import { orgPathSchema } from '@portal/shared/organizations/organizations.schema';
import { updateGeneralSettingsSchema } from '@portal/shared/settings/general-settings.schema';
import { createModuleHandler, route } from '../platform/http/route.ts';
import { ok } from '../platform/http/responses.ts';
import { getGeneralSettings, updateGeneralSettings } from './general-settings.service.ts';

export const handler = createModuleHandler('settings', {
  getGeneralSettings: route({ params: orgPathSchema }, async ({ params }) => ok(await getGeneralSettings(params.orgId))),
  updateGeneralSettings: route({ params: orgPathSchema, body: updateGeneralSettingsSchema }, async ({ params, body }) =>
    ok(await updateGeneralSettings(params.orgId, body)),
  ),
});
