import type { DesignSettings } from '@portal/shared/devices/tablet-template.schema';
import { TABLET_SETTINGS_MESSAGES, defaultTabletSettings, type TabletSettings, type TabletSettingsDto } from '@portal/shared/devices/tablet-settings.schema';
import { recordChange, type AuditActor } from '../audit/public.ts';
import { ConflictError, UnavailableError } from '../platform/errors/domain-errors.ts';
import { logger } from '../platform/logger.ts';
import { assertOwnedIds } from '../platform/tenancy/owned-ids.ts';
import { isTablet, type DeviceItem } from './device.entity.ts';
import { tabletSettingsChange } from './device-changes.ts';
import { deviceChanged } from './device-signals.ts';
import { getTemplate } from './design-templates.repository.ts';
import { requireDevice } from './devices.service.ts';
import { readTabletSettings, saveTabletSettings } from './tablet-settings.repository.ts';

const toDto = (device: DeviceItem, settings: TabletSettings): TabletSettingsDto => ({
  id: device.deviceId,
  device_id: device.serialNumber,
  templateId: settings.templateId,
  power_settings: settings.power_settings,
});

/** AP33: the stored settings, or the defaults (screen on, no template) when none are stored. */
export async function getTabletSettings(orgId: string, deviceId: string): Promise<TabletSettingsDto> {
  const device = await requireDevice(orgId, deviceId);
  return toDto(device, (await readTabletSettings(orgId, deviceId)) ?? defaultTabletSettings());
}

/**
 * AP34: stores the validated settings, then publishes the tablet's retained config. The PUT is
 * idempotent, so a failed delivery is a 503 the admin can retry, not a silent stale tablet.
 */
export async function putTabletSettings(orgId: string, deviceId: string, settings: TabletSettings, actor: AuditActor): Promise<TabletSettingsDto> {
  const device = await requireDevice(orgId, deviceId);
  if (!isTablet(device)) throw new ConflictError(TABLET_SETTINGS_MESSAGES.tabletsOnly);
  await assertOwnedIds(orgId, [{ field: 'templateId', kind: 'designTemplate', ids: [settings.templateId], message: TABLET_SETTINGS_MESSAGES.templateNotFound }]);
  const before = (await readTabletSettings(orgId, deviceId)) ?? defaultTabletSettings();
  await saveTabletSettings(orgId, deviceId, settings);
  await recordChange(orgId, actor, tabletSettingsChange(device, before, settings));
  try {
    await deviceChanged.emit({ device, mustDeliver: true });
  } catch (error) {
    logger.error('Tablet config not delivered', { deviceId, error: (error as Error).message });
    throw new UnavailableError(TABLET_SETTINGS_MESSAGES.notDelivered);
  }
  return toDto(device, settings);
}

/** A tablet's part of its config message: its settings (or the defaults) and its design template's design, if any. */
export async function tabletConfigOf(device: DeviceItem): Promise<{ settings: TabletSettings; design: DesignSettings | null }> {
  const settings = (await readTabletSettings(device.orgId, device.deviceId)) ?? defaultTabletSettings();
  const template = settings.templateId ? await getTemplate(device.orgId, settings.templateId) : null;
  return { settings, design: (template?.design_settings as DesignSettings | undefined) ?? null };
}
