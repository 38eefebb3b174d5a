import { orgPathSchema } from '@portal/shared/organizations/organizations.schema';
import { tabletTriggerGroupsSchema, updateGeneralSettingsSchema } from '@portal/shared/settings/general-settings.schema';
import { putLogoSchema } from '@portal/shared/settings/logo.schema';
import { watchSettingsSchema } from '@portal/shared/settings/watch-settings.schema';
import { registerDeviceConfigListeners } from '../device-config/public.ts';
import { registerDeliveryAdapter } from '../platform/delivery/delivery.ts';
import { iotDataDelivery } from '../platform/delivery/iot-data.adapter.ts';
import { createModuleHandler, route } from '../platform/http/route.ts';
import { noContent, ok } from '../platform/http/responses.ts';
import { registerStorageAdapter } from '../platform/storage/object-storage.ts';
import { s3Storage } from '../platform/storage/s3.adapter.ts';
import { getGeneralSettings, updateGeneralSettings, updateTabletTriggerGroups } from './general-settings.service.ts';
import { getLogo, putLogo, removeLogo } from './logo.service.ts';
import { watchSettings } from './watch-settings.entity.ts';
import { updateWatchSettings } from './watch-settings.service.ts';

// The logo lives in S3 on AWS; the local runtime registers its file adapter (infra/local/functions.ts).
registerStorageAdapter(s3Storage);
// Watch settings and the trigger menus are in every device's config message: a change signals
// device-config, which republishes them through the IoT data adapter (decision 0064).
registerDeliveryAdapter(iotDataDelivery);
registerDeviceConfigListeners();

export const handler = createModuleHandler('settings', {
  getGeneralSettings: route({ params: orgPathSchema }, async ({ params }) => ok(await getGeneralSettings(params.orgId))),
  updateGeneralSettings: route({ params: orgPathSchema, body: updateGeneralSettingsSchema }, async ({ params, body, principal }) =>
    ok(await updateGeneralSettings(params.orgId, body, principal)),
  ),
  updateTabletTriggerGroups: route({ params: orgPathSchema, body: tabletTriggerGroupsSchema }, async ({ params, body, principal }) =>
    ok(await updateTabletTriggerGroups(params.orgId, body, principal)),
  ),
  getLogo: route({ params: orgPathSchema }, async ({ params }) => ok(await getLogo(params.orgId))),
  putLogo: route({ params: orgPathSchema, body: putLogoSchema }, async ({ params, body, principal }) => ok(await putLogo(params.orgId, body, principal))),
  removeLogo: route({ params: orgPathSchema }, async ({ params, principal }) => {
    await removeLogo(params.orgId, principal);
    return noContent();
  }),
  getWatchSettings: route({ params: orgPathSchema }, async ({ params }) => ok(await watchSettings.read(params.orgId))),
  updateWatchSettings: route({ params: orgPathSchema, body: watchSettingsSchema }, async ({ params, body, principal }) =>
    ok(await updateWatchSettings(params.orgId, body, principal)),
  ),
});
