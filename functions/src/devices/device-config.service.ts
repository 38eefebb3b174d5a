import { randomUUID } from 'node:crypto';
import type { DeviceConfigData } from '@portal/shared/devices/device-config';
import { defaultTabletSettings, type TabletSettings } from '@portal/shared/devices/tablet-settings.schema';
import type { DesignSettings } from '@portal/shared/devices/tablet-template.schema';
import { createEnvelope } from '@portal/shared/devices/topics';
import { publish } from '../platform/delivery/delivery.ts';
import { logger } from '../platform/logger.ts';
import type { DeviceItem } from './device.entity.ts';
import { topicsOf } from './device-credentials.ts';
import { getTemplate } from './design-templates.repository.ts';
import { readTabletSettings } from './tablet-settings.repository.ts';

export const isTablet = (device: Pick<DeviceItem, 'type'>) => device.type === 'android_tablet';

/** What the config message says: the device's binding and topics, plus a tablet's settings and design. */
export function configData(device: DeviceItem, tablet?: { settings: TabletSettings; design: DesignSettings | null }): DeviceConfigData {
  return {
    id: device.deviceId,
    device_id: device.serialNumber,
    type: device.type,
    user_id: device.userId ?? null,
    topics: topicsOf(device),
    ...(tablet ? { templateId: tablet.settings.templateId, power_settings: tablet.settings.power_settings, design_settings: tablet.design } : {}),
  };
}

async function tabletPart(device: DeviceItem) {
  const settings = (await readTabletSettings(device.orgId, device.deviceId)) ?? defaultTabletSettings();
  const template = settings.templateId ? await getTemplate(device.orgId, settings.templateId) : null;
  return { settings, design: (template?.design_settings as DesignSettings | undefined) ?? null };
}

/**
 * Publishes the device's current configuration as the retained message of its config topic, so a
 * device that connects later still gets it first.
 */
export async function publishDeviceConfig(device: DeviceItem): Promise<void> {
  const data = configData(device, isTablet(device) ? await tabletPart(device) : undefined);
  const message = createEnvelope('config', data, randomUUID());
  await publish(data.topics.config, JSON.stringify(message), { retain: true });
}

/** For changes whose request must not fail on delivery (the device gets the next config anyway). */
export async function publishDeviceConfigQuietly(device: DeviceItem): Promise<void> {
  await publishDeviceConfig(device).catch((error: unknown) =>
    logger.error('Device config not delivered', { deviceId: device.deviceId, error: (error as Error).message }),
  );
}

/** An empty retained payload clears the topic's retained message (MQTT 3.1.1 §3.3.1.3). */
export async function clearDeviceConfig(device: DeviceItem): Promise<void> {
  await publish(topicsOf(device).config, '', { retain: true }).catch((error: unknown) =>
    logger.error('Retained device config not cleared', { deviceId: device.deviceId, error: (error as Error).message }),
  );
}
