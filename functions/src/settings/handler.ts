import { orgPathSchema } from '@portal/shared/organizations/organizations.schema';
import { updateGeneralSettingsSchema } from '@portal/shared/settings/general-settings.schema';
import { putLogoSchema } from '@portal/shared/settings/logo.schema';
import { createModuleHandler, route } from '../platform/http/route.ts';
import { noContent, ok } from '../platform/http/responses.ts';
import { registerStorageAdapter } from '../platform/storage/object-storage.ts';
import { s3Storage } from '../platform/storage/s3.adapter.ts';
import { getGeneralSettings, updateGeneralSettings } from './general-settings.service.ts';
import { getLogo, putLogo, removeLogo } from './logo.service.ts';

// The logo lives in S3 on AWS; the local runtime registers its file adapter (infra/local/functions.ts).
registerStorageAdapter(s3Storage);

export const handler = createModuleHandler('settings', {
  getGeneralSettings: route({ params: orgPathSchema }, async ({ params }) => ok(await getGeneralSettings(params.orgId))),
  updateGeneralSettings: route({ params: orgPathSchema, body: updateGeneralSettingsSchema }, async ({ params, body }) =>
    ok(await updateGeneralSettings(params.orgId, body)),
  ),
  getLogo: route({ params: orgPathSchema }, async ({ params }) => ok(await getLogo(params.orgId))),
  putLogo: route({ params: orgPathSchema, body: putLogoSchema }, async ({ params, body }) => ok(await putLogo(params.orgId, body))),
  removeLogo: route({ params: orgPathSchema }, async ({ params }) => {
    await removeLogo(params.orgId);
    return noContent();
  }),
});
