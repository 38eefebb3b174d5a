import { deviceUser, tabletIdsAmong } from './devices.repository.ts';

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

/**
 * Every device of the organisation gets its config message again (docs/device-protocol.md §5), for
 * changes of what they all carry: watch settings, trigger menus and the tablet trigger map, a
 * trigger group, a trigger's name or deletion. Quiet: never throws; returns how many were published.
 * The caller's Lambda needs the IoT data adapter and `deviceConfig` in infra/aws/iot-publish.ts.
 */
export { republishDeviceConfigs } from './device-config.service.ts';

/**
 * A device's button press (automation's uplink): the user the device serves and the trigger group
 * its buttons map to now (a kiosk tablet: general settings' `tablet.trigger_group_map`; a watch or
 * phone: its user's trigger menu while the settings allow it), by the rule of its config message.
 * Undefined when the device is gone.
 */
export { buttonsOfDevice } from './device-config.service.ts';
