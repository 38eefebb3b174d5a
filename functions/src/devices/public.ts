import { deviceUser } from './devices.repository.ts';

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
