import type { DeviceItem } from './device.entity.ts';
import { deviceUser, getDevice, listDevicePage, tabletIdsAmong } from './devices.repository.ts';

/**
 * The devices module's one public way in (decision 0014): what other modules may ask about the
 * organisation's devices. Other modules import this file only.
 */

/**
 * The user a device serves (AP28), for uplink handlers: a receipt from a device's events topic
 * counts for that user, never for a user id the device claims in its message. Undefined when the
 * device is gone or serves nobody.
 */
export const userOfDevice: (orgId: string, deviceId: string) => Promise<string | undefined> = deviceUser;

/**
 * Which of these device ids are the organisation's kiosk tablets (type android_tablet): the settings
 * module maps only tablets to trigger groups (decision 0044). Foreign and unknown ids are not in it.
 */
export const tabletsAmong: (orgId: string, deviceIds: readonly string[]) => Promise<Set<string>> = tabletIdsAmong;

/**
 * Whether users of an organisation can be reached now: `has_device` (a device of the organisation
 * serves them), `online` (such a device or a watch-emulator connection of theirs is connected) and
 * `last_seen_at` (the latest connect or disconnect of any of them, null if none ever connected).
 * Every requested user id is in the map. The actions use it for not-available and "offline since".
 */
export { presenceOfUsers, type UserPresence } from './presence.service.ts';

/** A device row (device-config's config message, automation's button press); null when it is gone. */
export const deviceOf: (orgId: string, deviceId: string) => Promise<DeviceItem | null> = getDevice;

/** One page of the organisation's devices, by name (AP27): device-config republishes them all. */
export const devicePage: (orgId: string, page: { limit: number; cursor?: string }) => Promise<{ items: DeviceItem[]; cursor?: string }> = listDevicePage;

export { isTablet, type DeviceItem } from './device.entity.ts';

/** A device's MQTT topics (docs/device-protocol.md §2): what its config message names, where it is published. */
export { topicsOf } from './device-credentials.ts';

/** A kiosk tablet's part of its config message: its tablet settings and its design template's design. */
export { tabletConfigOf } from './tablet-settings.service.ts';

/**
 * A device was registered, edited, given tablet settings or a design, or removed: device-config
 * listens and publishes (or clears) its config message (decision 0064). Devices never call it.
 */
export { deviceChanged } from './device-signals.ts';
