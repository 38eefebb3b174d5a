import { timingSafeEqual } from 'node:crypto';
import { isUserClientIdOf } from '@portal/shared/devices/client-ids';
import { isTokenRefusal } from '../platform/auth/token-error.ts';
import { verifyIdToken } from '../platform/auth/verify-token.ts';
import { topics } from '../platform/delivery/topics.ts';
import { rolesByOrganization } from '../platform/tenancy/memberships.repository.ts';
import { findLookup } from './devices.repository.ts';
import { tokenHash, topicsOf, type DeviceRef } from './device-credentials.ts';

/**
 * Broker authorisation, one logic for IoT Core's custom authorizer and the local aedes broker:
 * who the CONNECT credentials belong to, whether the client id is theirs (decision 0011), and the
 * exact topics they may use. Two kinds of callers: devices (their token) and people without a
 * device, the watch emulator (username `user`, their Cognito ID token).
 */
export interface DeviceConnect {
  clientId: string;
  username?: string;
  password?: string;
}

/** Exact topic names; nobody gets wildcards. */
export interface TopicGrant {
  subscribe: string[];
  publish: string[];
}

/** May connect, as `actor` (a device id or a user's sub), with exactly this client id and these topics. */
export interface ConnectGranted {
  outcome: 'granted';
  kind: 'device' | 'user';
  actor: string;
  /** The device's organisation; a user's grant spans each organisation they are a member of. */
  orgId?: string;
  clientId: string;
  grant: TopicGrant;
  /** When the credentials stop being valid (a user's ID token `exp`, epoch seconds). */
  expiresAt?: number;
}

/**
 * Refused, and why: `credentials` (wrong or unknown username/password: CONNACK 4 locally),
 * `client-id` (valid credentials, someone else's client id: CONNACK 2) or `not-authorized` (valid,
 * but nothing to grant: CONNACK 5). IoT Core answers every refusal with 5. `actor` is known once
 * the password is proven, else 'anonymous'; `detail` is secret-free.
 */
export interface ConnectRefused {
  outcome: 'refused';
  reason: 'credentials' | 'client-id' | 'not-authorized';
  actor: string;
  orgId?: string;
  detail: string;
}

export type ConnectDecision = ConnectGranted | ConnectRefused;

/**
 * IoT Core custom authentication over MQTT lets the client name the authorizer in the username
 * (`{username}?x-amz-customauthorizer-name=…`); that suffix is not part of the identity.
 */
export const bareUsername = (username: string) => username.split('?')[0] ?? '';

/** Username of a person without a device (the watch emulator); `user:{sub}` names the sub too. */
export const USER_USERNAME = 'user';

export const isUserUsername = (username: string | undefined) => {
  const bare = bareUsername(username ?? '');
  return bare === USER_USERNAME || bare.startsWith(`${USER_USERNAME}:`);
};

/** Subscribe: its user's inbox (only when it serves one) and its config; publish: its events. */
export function topicGrantFor(device: DeviceRef): TopicGrant {
  const own = topicsOf(device);
  return { subscribe: [...(own.inbox ? [own.inbox] : []), own.config], publish: [own.events] };
}

/** A person: their own inbox and their own events topic, in each organisation they are a member of. */
export function userTopicGrant(userId: string, organizations: string[]): TopicGrant {
  return {
    subscribe: organizations.map((orgId) => topics.inbox(orgId, userId)),
    publish: organizations.map((orgId) => topics.userEvents(orgId, userId)),
  };
}

/** A wildcard filter is refused even when it would match only own topics: IoT Core policies match filters literally. */
export const maySubscribe = (grant: TopicGrant, topicFilter: string) => grant.subscribe.includes(topicFilter);
export const mayPublish = (grant: TopicGrant, topic: string) => grant.publish.includes(topic);

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const refused = (reason: ConnectRefused['reason'], detail: string, actor = 'anonymous', orgId?: string): ConnectRefused => ({
  outcome: 'refused',
  reason,
  actor,
  ...(orgId ? { orgId } : {}),
  detail,
});

/**
 * A device: the token is found by its SHA-256 (AP31, consistent read); the username must be the
 * device's id (or its client id), and the client id must be exactly its iot id, so nobody (not
 * even with the token) connects as another client and takes over its session.
 */
export async function decideDeviceConnect(connect: DeviceConnect): Promise<ConnectDecision & { device?: DeviceRef }> {
  if (!connect.password || !connect.username) return refused('credentials', 'bad username or password');
  const hash = tokenHash(connect.password);
  const row = await findLookup('TOKEN', hash, { consistent: true });
  if (!row || !sameText(row.value, hash)) return refused('credentials', 'bad username or password');
  const username = bareUsername(connect.username);
  if (!sameText(username, row.deviceId) && !sameText(username, row.iotId)) return refused('credentials', 'bad username or password');
  if (!sameText(connect.clientId, row.iotId)) return refused('client-id', "client id is not the device's iot_id", row.deviceId, row.orgId);
  const device: DeviceRef = { orgId: row.orgId, deviceId: row.deviceId, iotId: row.iotId, userId: row.userId };
  return { outcome: 'granted', kind: 'device', actor: device.deviceId, orgId: device.orgId, clientId: row.iotId, grant: topicGrantFor(device), device };
}

/** The device these credentials belong to, or undefined (wrong token, username or client id). */
export async function authenticateDevice(connect: DeviceConnect): Promise<DeviceRef | undefined> {
  const decision = await decideDeviceConnect(connect);
  return decision.outcome === 'granted' ? decision.device : undefined;
}

/** verifyIdToken's refusal of a valid access token (platform/auth/verify-token.ts). */
const NOT_AN_ID_TOKEN = 'Not an ID token';

/** The token is not a valid ID token (malformed, forged, expired, another pool or client, an access token). */
const isTokenError = (error: unknown) => isTokenRefusal(error) || (error instanceof Error && error.message === NOT_AN_ID_TOKEN);

export interface UserAuthDeps {
  /** The token's sub and expiry when it is a valid ID token of the pool (the API's own check). */
  verify: (token: string) => Promise<{ sub: string; exp?: number } | undefined>;
  /** The organisations the user is a member of now (membership rows, AP8). */
  organizationsOf: (userId: string) => Promise<string[]>;
}

/** The API's verifyIdToken and the membership rows. */
export const defaultUserAuthDeps: UserAuthDeps = {
  verify: async (token) => {
    try {
      const { sub, exp } = await verifyIdToken(token);
      return sub ? { sub, exp } : undefined;
    } catch (error) {
      if (isTokenError(error)) return undefined;
      // A missing pool configuration or an unreachable key set is an outage, not a bad password.
      throw error;
    }
  },
  organizationsOf: async (userId) => Object.keys(await rolesByOrganization(userId)),
};

/**
 * A person without a device: username `user` (or `user:{sub}`), password their Cognito ID token,
 * verified like every API request. The client id must be derived from the token's sub
 * (`user-{sub}` or `user-{sub}-{suffix}`), and the grant covers the organisations the user is a
 * member of right now: none is a refusal.
 */
export async function decideUserConnect(connect: DeviceConnect, deps: UserAuthDeps = defaultUserAuthDeps): Promise<ConnectDecision> {
  const username = bareUsername(connect.username ?? '');
  if (!isUserUsername(username) || !connect.password) return refused('credentials', 'bad username or password');
  const identity = await deps.verify(connect.password);
  if (!identity) return refused('credentials', 'invalid ID token');
  const { sub, exp } = identity;
  if (username !== USER_USERNAME && username !== `${USER_USERNAME}:${sub}`) return refused('credentials', "username names a user other than the token's", sub);
  if (!isUserClientIdOf(connect.clientId, sub)) return refused('client-id', 'client id is not derived from the user (user-{sub}[-{suffix}])', sub);
  const organizations = await deps.organizationsOf(sub);
  if (!organizations.length) return refused('not-authorized', 'not a member of any organisation', sub);
  return {
    outcome: 'granted',
    kind: 'user',
    actor: sub,
    clientId: connect.clientId,
    grant: userTopicGrant(sub, organizations),
    ...(exp ? { expiresAt: exp } : {}),
  };
}

/** Devices and people, told apart by the username: `user`/`user:{sub}` is a person, anything else a device. */
export async function decideConnect(connect: DeviceConnect, deps: UserAuthDeps = defaultUserAuthDeps): Promise<ConnectDecision> {
  if (isUserUsername(connect.username)) return decideUserConnect(connect, deps);
  const { device: _device, ...decision } = await decideDeviceConnect(connect);
  return decision;
}
