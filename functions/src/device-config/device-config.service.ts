import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { TriggerMenu } from '@portal/shared/automation/automation.schema';
import type { DeviceConfigData } from '@portal/shared/devices/device-config';
import type { TabletSettings } from '@portal/shared/devices/tablet-settings.schema';
import type { DesignSettings } from '@portal/shared/devices/tablet-template.schema';
import { createEnvelope, parseEnvelope } from '@portal/shared/devices/topics';
import type { WatchSettings } from '@portal/shared/settings/watch-settings.schema';
import { learnUserMenus, loadTriggerMenus, menuOf, menuUsersOf, triggerGroupIdOf, userMenuOf, type TriggerMenus } from '../automation/public.ts';
import { devicePage, isTablet, tabletConfigOf, topicsOf, type DeviceItem } from '../devices/public.ts';
import { publish } from '../platform/delivery/delivery.ts';
import { logger } from '../platform/logger.ts';
import { watchSettings } from '../settings/public.ts';

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
 * published: the watch settings and the trigger menus (automation's rule of which menu a device or
 * person gets; the users' menus are learnt per batch of devices, each group's menu read once).
 */
export interface OrgConfig extends TriggerMenus {
  watch: WatchSettings;
}

export async function loadOrgConfig(orgId: string): Promise<OrgConfig> {
  const [watch, menus] = await Promise.all([watchSettings(orgId), loadTriggerMenus(orgId)]);
  return { ...menus, watch };
}

/**
 * GET /watch-config: what a watch without a config topic (the watch emulator) needs, the same as
 * a watch's config message carries: the caller's trigger menu and the organisation's watch settings.
 */
export async function watchConfigOf(orgId: string, userId: string): Promise<{ trigger_menu: TriggerMenu | null; watch: WatchSettings }> {
  const config = await loadOrgConfig(orgId);
  return { trigger_menu: await userMenuOf(config, userId), watch: config.watch };
}

/**
 * Publishes the device's current configuration as the retained message of its config topic, so a
 * device that connects later still gets it first. `config` is the organisation's shared part, when
 * the caller publishes several devices. With `retained` (the payload its config topic retains now,
 * by topic), a retained message that already says the same is left as it is, envelope id and all:
 * 'unchanged', nothing published (the local runtime's start, whose broker keeps retained messages
 * across restarts, decision 0065).
 */
export async function publishDeviceConfig(
  device: DeviceItem,
  config?: OrgConfig,
  options: { retained?: (topic: string) => string | undefined } = {},
): Promise<'published' | 'unchanged'> {
  const org = config ?? (await loadOrgConfig(device.orgId));
  await learnUserMenus(org, menuUsersOf([device]));
  const [tablet, triggerMenu] = await Promise.all([isTablet(device) ? tabletConfigOf(device) : undefined, menuOf(org, triggerGroupIdOf(org, device))]);
  const data = configData(device, { tablet, triggerMenu, watch: org.watch });
  const retained = options.retained?.(data.topics.config);
  if (retained !== undefined && saysTheSame(retained, data)) return 'unchanged';
  const message = createEnvelope('config', data, randomUUID());
  await publish(data.topics.config, JSON.stringify(message), { retain: true });
  return 'published';
}

/** Whether a retained payload is a config envelope whose data is `data` as JSON carries it. */
function saysTheSame(payload: string, data: DeviceConfigData): boolean {
  const envelope = parseEnvelope(payload);
  return envelope?.type === 'config' && isDeepStrictEqual(envelope.data, JSON.parse(JSON.stringify(data)));
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
      const page = await devicePage(orgId, { limit: REPUBLISH_PAGE, cursor });
      await learnUserMenus(config, menuUsersOf(page.items));
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
