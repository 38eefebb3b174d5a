import { deviceSchema, devicePathSchema, listDevicesQuerySchema } from '@portal/shared/devices/device.schema';
import { tabletSettingsSchema } from '@portal/shared/devices/tablet-settings.schema';
import { tabletTemplatePathSchema, tabletTemplateSchema } from '@portal/shared/devices/tablet-template.schema';
import { orgPathSchema } from '@portal/shared/organizations/organizations.schema';
import { registerDeviceConfigListeners } from '../device-config/public.ts';
import { registerDeliveryAdapter } from '../platform/delivery/delivery.ts';
import { iotDataDelivery } from '../platform/delivery/iot-data.adapter.ts';
import { createModuleHandler, route } from '../platform/http/route.ts';
import { created, ok } from '../platform/http/responses.ts';
import { findTemplate, createTemplate, deleteTemplate, listTemplates, updateTemplate } from './design-templates.service.ts';
import { issueCredentials, listDevices, registerDevice, removeDevice, requireDevice, toDeviceDto, updateDevice } from './devices.service.ts';
import { getTabletSettings, putTabletSettings } from './tablet-settings.service.ts';

// The AWS adapter of the delivery port (device configurations); IOT_DATA_ENDPOINT picks it, MQTT_URL
// the local runtime's (infra/local/functions.ts). docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryAdapter(iotDataDelivery);
// A device's change signals device-config, which publishes its config (decision 0064).
registerDeviceConfigListeners();

const noContent = () => ({ statusCode: 204 });

export const handler = createModuleHandler('devices', {
  listDevices: route({ params: orgPathSchema, query: listDevicesQuerySchema }, async ({ params, query }) => ok(await listDevices(params.orgId, query))),
  createDevice: route({ params: orgPathSchema, body: deviceSchema }, async ({ params, body, principal }) =>
    created(await registerDevice(params.orgId, body, principal)),
  ),
  getDevice: route({ params: devicePathSchema }, async ({ params }) => ok(toDeviceDto(await requireDevice(params.orgId, params.deviceId)))),
  updateDevice: route({ params: devicePathSchema, body: deviceSchema }, async ({ params, body, principal }) =>
    ok(await updateDevice(params.orgId, params.deviceId, body, principal)),
  ),
  deleteDevice: route({ params: devicePathSchema }, async ({ params, principal }) => {
    await removeDevice(params.orgId, params.deviceId, principal);
    return noContent();
  }),
  issueDeviceCredentials: route({ params: devicePathSchema }, async ({ params, principal }) =>
    ok(await issueCredentials(params.orgId, params.deviceId, principal)),
  ),

  getDeviceSettings: route({ params: devicePathSchema }, async ({ params }) => ok(await getTabletSettings(params.orgId, params.deviceId))),
  putDeviceSettings: route({ params: devicePathSchema, body: tabletSettingsSchema }, async ({ params, body, principal }) =>
    ok(await putTabletSettings(params.orgId, params.deviceId, body, principal)),
  ),

  listTabletTemplates: route({ params: orgPathSchema }, async ({ params }) => ok(await listTemplates(params.orgId))),
  createTabletTemplate: route({ params: orgPathSchema, body: tabletTemplateSchema }, async ({ params, body }) =>
    created(await createTemplate(params.orgId, body)),
  ),
  getTabletTemplate: route({ params: tabletTemplatePathSchema }, async ({ params }) => ok(await findTemplate(params.orgId, params.templateId))),
  updateTabletTemplate: route({ params: tabletTemplatePathSchema, body: tabletTemplateSchema }, async ({ params, body }) =>
    ok(await updateTemplate(params.orgId, params.templateId, body)),
  ),
  deleteTabletTemplate: route({ params: tabletTemplatePathSchema }, async ({ params }) => {
    await deleteTemplate(params.orgId, params.templateId);
    return noContent();
  }),
});
