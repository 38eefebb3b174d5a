import type { TabletSettings } from '@portal/shared/devices/tablet-settings.schema';
import type { AuditAction } from '@portal/shared/audit/audit.schema';
import type { AuditChange } from '../audit/public.ts';
import type { DeviceItem } from './device.entity.ts';

/**
 * Devices as the audit trail records them (issue 32): their fields as the API names them; the
 * token is a change of its own kind (`device_credentials`), named only, never its hash.
 */

const deviceFields = (device: DeviceItem) => ({
  name: device.name ?? '',
  device_id: device.serialNumber,
  type: device.type,
  protocol: device.protocol,
  user_id: device.userId ?? null,
});

const targetOf = (device: DeviceItem) => ({ id: device.deviceId, name: device.name || device.serialNumber });

/** A device added (with its first token), edited or removed. */
export function deviceChanges(action: Exclude<AuditAction, 'rotated'>, before: DeviceItem | null, after: DeviceItem | null): AuditChange[] {
  const device = (after ?? before)!;
  return [
    { kind: 'device', action, target: targetOf(device), before: before && deviceFields(before), after: after && deviceFields(after) },
    ...(action === 'created' ? [tokenIssued(device, 'created')] : []),
  ];
}

/** A token issued with the device, or a new one replacing it. */
export const tokenIssued = (device: DeviceItem, action: 'created' | 'rotated'): AuditChange => ({ kind: 'device_credentials', action, target: targetOf(device), secrets: ['token'] });

/** A tablet's settings replaced (its screen and design template): a change of the device. */
export const tabletSettingsChange = (device: DeviceItem, before: TabletSettings, after: TabletSettings): AuditChange => ({
  kind: 'device',
  action: 'updated',
  target: targetOf(device),
  before: { template_id: before.templateId, power_settings: before.power_settings },
  after: { template_id: after.templateId, power_settings: after.power_settings },
});
