import { randomUUID } from 'node:crypto';
import type { TriggerMenu } from '@portal/shared/automation/automation.schema';
import { menuGroupOfUser } from '@portal/shared/automation/trigger-menu-rule';
import type { DeviceConfigData } from '@portal/shared/devices/device-config';
import { defaultTabletSettings, type TabletSettings } from '@portal/shared/devices/tablet-settings.schema';
import type { DesignSettings } from '@portal/shared/devices/tablet-template.schema';
import { createEnvelope } from '@portal/shared/devices/topics';
import type { WatchSettings } from '@portal/shared/settings/watch-settings.schema';
import { triggerMenuOf } from '../automation/public.ts';
import { publish } from '../platform/delivery/delivery.ts';
import { logger } from '../platform/logger.ts';
import { deviceTriggerGroups, watchSettings } from '../settings/public.ts';
import { triggerMenuGroupsOf } from '../users/public.ts';
import type { DeviceItem } from './device.entity.ts';
import { topicsOf } from './device-credentials.ts';
import { getTemplate } from './design-templates.repository.ts';
import { getDevice, listDevicePage } from './devices.repository.ts';
import { readTabletSettings } from './tablet-settings.repository.ts';

export const isTablet = (device: Pick<DeviceItem, 'type'>) => device.type === 'android_tablet';
/** Watches and phones show messages to a person: they get the watch settings (decision 0038). */
const isWatch = (device: Pick<DeviceItem, 'type'>) => device.type === 'wear_os' || device.type === 'android';

/** What the config message carries besides the binding: a tablet's settings and design, the trigger menu, the watch settings. */
export interface ConfigParts {
  tablet?: { settings: TabletSettings; design: DesignSettings | null };
  triggerMenu?: TriggerMenu | null;
  watch?: WatchSettings;
}

/**
 * What the config message says: the device's binding and topics, its trigger menu (or null), plus
 * a tablet's settings and design, or a watch's or phone's watch settings.
 */
export function configData(device: DeviceItem, parts: ConfigParts = {}): DeviceConfigData {
  const { tablet, watch } = parts;
  return {
    id: device.deviceId,
    device_id: device.serialNumber,
    type: device.type,
    user_id: device.userId ?? null,
    topics: topicsOf(device),
    trigger_menu: parts.triggerMenu ?? null,
    ...(tablet ? { templateId: tablet.settings.templateId, power_settings: tablet.settings.power_settings, design_settings: tablet.design } : {}),
    ...(watch && isWatch(device) ? { watch } : {}),
  };
}

/**
 * What the config messages of one organisation's devices share, read once however many devices are
 * published: the watch settings, what general settings say about trigger groups, the users' chosen
 * menus (filled per batch of devices) and each trigger group's menu (read once per group).
 */
export interface OrgConfig {
  orgId: string;
  watch: WatchSettings;
  groups: Awaited<ReturnType<typeof deviceTriggerGroups>>;
  userMenus: Map<string, string>;
  menus: Map<string, Promise<TriggerMenu | null>>;
}

export async function loadOrgConfig(orgId: string): Promise<OrgConfig> {
  const [watch, groups] = await Promise.all([watchSettings(orgId), deviceTriggerGroups(orgId)]);
  return { orgId, watch, groups, userMenus: new Map(), menus: new Map() };
}

/** Reads the chosen menus of the devices' users not read yet (one batch read). */
async function learnUserMenus(config: OrgConfig, devices: DeviceItem[]): Promise<void> {
  const unread = [...new Set(devices.flatMap((d) => (!isTablet(d) && d.userId && !config.userMenus.has(d.userId) ? [d.userId] : [])))];
  if (!unread.length) return;
  const chosen = await triggerMenuGroupsOf(config.orgId, unread);
  for (const userId of unread) config.userMenus.set(userId, chosen.get(userId) ?? '');
}

/**
 * The trigger group a device offers (docs/device-protocol.md §5): a kiosk tablet its group of
 * general settings' `tablet.trigger_group_map`; a watch or phone its user's trigger menu while the
 * settings allow it (`menuGroupOfUser`). Null when it has none, and for every device while the
 * organisation has automation switched off (its presses would fire nothing).
 */
export function triggerGroupIdOf(config: OrgConfig, device: Pick<DeviceItem, 'deviceId' | 'type' | 'userId'>): string | null {
  if (!config.groups.automationEnabled) return null;
  if (isTablet(device)) return config.groups.tabletGroups.get(device.deviceId) ?? null;
  if (!device.userId) return null;
  return menuGroupOfUser({ enabled: config.groups.menusEnabled, groupIds: config.groups.menuGroupIds }, config.userMenus.get(device.userId));
}

/**
 * A device's button press (automation's uplink): the user it serves and the trigger group its
 * buttons map to now, by the same rule as its config message. Undefined when the device is gone.
 */
export async function buttonsOfDevice(orgId: string, deviceId: string): Promise<{ userId: string | null; triggerGroupId: string | null } | undefined> {
  const device = await getDevice(orgId, deviceId);
  if (!device) return undefined;
  const config = await loadOrgConfig(orgId);
  await learnUserMenus(config, [device]);
  return { userId: device.userId ?? null, triggerGroupId: triggerGroupIdOf(config, device) };
}

function menuOf(config: OrgConfig, groupId: string | null): Promise<TriggerMenu | null> {
  if (!groupId) return Promise.resolve(null);
  let menu = config.menus.get(groupId);
  if (!menu) config.menus.set(groupId, (menu = triggerMenuOf(config.orgId, groupId)));
  return menu;
}

async function tabletPart(device: DeviceItem) {
  const settings = (await readTabletSettings(device.orgId, device.deviceId)) ?? defaultTabletSettings();
  const template = settings.templateId ? await getTemplate(device.orgId, settings.templateId) : null;
  return { settings, design: (template?.design_settings as DesignSettings | undefined) ?? null };
}

/**
 * Publishes the device's current configuration as the retained message of its config topic, so a
 * device that connects later still gets it first. `config` is the organisation's shared part, when
 * the caller publishes several devices.
 */
export async function publishDeviceConfig(device: DeviceItem, config?: OrgConfig): Promise<void> {
  const org = config ?? (await loadOrgConfig(device.orgId));
  await learnUserMenus(org, [device]);
  const [tablet, triggerMenu] = await Promise.all([isTablet(device) ? tabletPart(device) : undefined, menuOf(org, triggerGroupIdOf(org, device))]);
  const data = configData(device, { tablet, triggerMenu, watch: org.watch });
  const message = createEnvelope('config', data, randomUUID());
  await publish(data.topics.config, JSON.stringify(message), { retain: true });
}

/** For changes whose request must not fail on delivery (the device gets the next config anyway). */
export async function publishDeviceConfigQuietly(device: DeviceItem, config?: OrgConfig): Promise<void> {
  await publishDeviceConfig(device, config).catch((error: unknown) =>
    logger.error('Device config not delivered', { deviceId: device.deviceId, error: (error as Error).message }),
  );
}

/** Devices of a republish read a page at a time and published this many at once. */
const REPUBLISH_PAGE = 100;
const REPUBLISH_CONCURRENCY = 16;

/**
 * Every device of the organisation gets its config message again, after a change of something all
 * of them carry (watch settings, trigger menus, a trigger group or a trigger's name). Quiet: the
 * request that changed it never fails on delivery; a device not reached is logged, and gets the
 * next one. The shared part is read once; the users' menus once per page. Returns how many were published.
 */
export async function republishDeviceConfigs(orgId: string): Promise<number> {
  let count = 0;
  try {
    const config = await loadOrgConfig(orgId);
    let cursor: string | undefined;
    do {
      const page = await listDevicePage(orgId, { limit: REPUBLISH_PAGE, cursor });
      await learnUserMenus(config, page.items);
      for (let i = 0; i < page.items.length; i += REPUBLISH_CONCURRENCY) {
        const batch = page.items.slice(i, i + REPUBLISH_CONCURRENCY);
        await Promise.all(batch.map((device) => publishDeviceConfigQuietly(device, config)));
        count += batch.length;
      }
      cursor = page.cursor;
    } while (cursor);
  } catch (error) {
    logger.error('Device configs not republished', { orgId, error: (error as Error).message });
  }
  return count;
}

/** An empty retained payload clears the topic's retained message (MQTT 3.1.1 §3.3.1.3). */
export async function clearDeviceConfig(device: DeviceItem): Promise<void> {
  await publish(topicsOf(device).config, '', { retain: true }).catch((error: unknown) =>
    logger.error('Retained device config not cleared', { deviceId: device.deviceId, error: (error as Error).message }),
  );
}
