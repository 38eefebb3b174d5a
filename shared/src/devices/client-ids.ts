/**
 * MQTT client ids are bound to who connects (decision 0011), on aedes and in the IoT Core policy,
 * so nobody can connect under another's client id, cut that client off and take over its session:
 * - a device: exactly its `iot_id` (`d` + a lower-case ULID, letters and digits only);
 * - a person without a device (the watch emulator): `user-{sub}`, or `user-{sub}-{suffix}` to run
 *   several clients at once (one per browser tab), the suffix 1–32 letters or digits;
 * - the portal's own clients (local broker only): `portal-…`.
 * The three prefixes are disjoint, and the suffix form cannot name another user: subs are Cognito
 * UUIDs (36 characters), so `user-{sub}-{suffix}` is never `user-{another sub}`.
 */
export const USER_CLIENT_ID_PREFIX = 'user-';
export const PORTAL_CLIENT_ID_PREFIX = 'portal-';

const SUFFIX = /^[A-Za-z0-9]{1,32}$/;

/** The client id of a person: `user-{sub}`, or `user-{sub}-{suffix}`. */
export function userClientId(sub: string, suffix?: string): string {
  if (suffix !== undefined && !SUFFIX.test(suffix)) throw new Error('A client id suffix is 1–32 letters or digits');
  return suffix === undefined ? `${USER_CLIENT_ID_PREFIX}${sub}` : `${USER_CLIENT_ID_PREFIX}${sub}-${suffix}`;
}

/** Whether a client id is one of this user's: exactly `user-{sub}` or `user-{sub}-{suffix}`. */
export function isUserClientIdOf(clientId: string, sub: string): boolean {
  if (!sub) return false;
  const own = `${USER_CLIENT_ID_PREFIX}${sub}`;
  if (clientId === own) return true;
  return clientId.startsWith(`${own}-`) && SUFFIX.test(clientId.slice(own.length + 1));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The sub of a person's client id (`user-{sub}` or `user-{sub}-{suffix}`), for presence: the
 * broker reports connections by client id only. Subs are Cognito UUIDs, which fixes where the
 * suffix starts; anything else is undefined.
 */
export function subOfUserClientId(clientId: string): string | undefined {
  if (!clientId.startsWith(USER_CLIENT_ID_PREFIX)) return undefined;
  const sub = clientId.slice(USER_CLIENT_ID_PREFIX.length, USER_CLIENT_ID_PREFIX.length + 36);
  return UUID.test(sub) && isUserClientIdOf(clientId, sub) ? sub : undefined;
}
