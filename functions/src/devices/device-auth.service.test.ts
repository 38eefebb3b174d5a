import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenHash } from './device-credentials.ts';

const lookups = new Map<string, Record<string, string | undefined>>();
vi.mock('./devices.repository.ts', () => ({
  findLookup: vi.fn(async (kind: string, value: string) => (kind === 'TOKEN' ? (lookups.get(value) ?? null) : null)),
}));
const { authenticateDevice, bareUsername, decideConnect, decideDeviceConnect, decideUserConnect, isUserUsername, mayPublish, maySubscribe, topicGrantFor, userTopicGrant } =
  await import('./device-auth.service.ts');

const device = { orgId: 'o1', deviceId: '01DEVICE', iotId: 'd01device', userId: 'u1' };
const token = 'secret-token';

describe('device topic grant', () => {
  const grant = topicGrantFor(device);

  it('subscribes to its user inbox and its config, publishes its events', () => {
    expect(grant).toEqual({
      subscribe: ['portal/v1/o1/users/u1/inbox', 'portal/v1/o1/devices/01DEVICE/config'],
      publish: ['portal/v1/o1/devices/01DEVICE/events'],
    });
    expect(topicGrantFor({ ...device, userId: undefined }).subscribe).toEqual(['portal/v1/o1/devices/01DEVICE/config']);
  });

  it('refuses other organisations, other users, other devices and wildcards', () => {
    for (const topic of [
      'portal/v1/o2/users/u1/inbox',
      'portal/v1/o1/users/u2/inbox',
      'portal/v1/o1/devices/OTHER/config',
      'portal/v1/o1/devices/01DEVICE/events',
      'portal/v1/o1/devices/01DEVICE/#',
      'portal/v1/o1/users/+/inbox',
      '#',
    ]) {
      expect(maySubscribe(grant, topic)).toBe(false);
    }
    expect(mayPublish(grant, 'portal/v1/o1/devices/01DEVICE/events')).toBe(true);
    expect(mayPublish(grant, 'portal/v1/o1/devices/01DEVICE/config')).toBe(false);
    expect(mayPublish(grant, 'portal/v1/o1/users/u1/inbox')).toBe(false);
  });

  it("uses the deployment's topic root (MQTT_TOPIC_ROOT)", () => {
    vi.stubEnv('MQTT_TOPIC_ROOT', 'staging/v1');
    try {
      expect(topicGrantFor(device).publish).toEqual(['staging/v1/o1/devices/01DEVICE/events']);
      expect(userTopicGrant('u1', ['o1'])).toEqual({ subscribe: ['staging/v1/o1/users/u1/inbox'], publish: ['staging/v1/o1/users/u1/events'] });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('device authentication', () => {
  beforeEach(() => {
    lookups.clear();
    lookups.set(tokenHash(token), { kind: 'TOKEN', value: tokenHash(token), ...device });
  });

  it('knows the device by its token, with its id or client id as username and its client id', async () => {
    expect(await authenticateDevice({ clientId: 'd01device', username: '01DEVICE', password: token })).toEqual(device);
    expect(await authenticateDevice({ clientId: 'd01device', username: 'd01device', password: token })).toEqual(device);
    expect(await authenticateDevice({ clientId: 'd01device', username: '01DEVICE?x-amz-customauthorizer-name=portal', password: token })).toEqual(device);
    expect(await decideDeviceConnect({ clientId: 'd01device', username: '01DEVICE', password: token })).toMatchObject({
      outcome: 'granted',
      kind: 'device',
      actor: '01DEVICE',
      orgId: 'o1',
      clientId: 'd01device',
      grant: topicGrantFor(device),
    });
  });

  it('refuses a wrong token, another username, another client id and missing credentials', async () => {
    expect(await authenticateDevice({ clientId: 'd01device', username: '01DEVICE', password: 'wrong' })).toBeUndefined();
    expect(await authenticateDevice({ clientId: 'd01device', username: 'SOMEONE', password: token })).toBeUndefined();
    expect(await authenticateDevice({ clientId: 'd02other', username: '01DEVICE', password: token })).toBeUndefined();
    expect(await authenticateDevice({ clientId: 'd01device', username: '01DEVICE' })).toBeUndefined();
    expect(await authenticateDevice({ clientId: '', username: '01DEVICE', password: token })).toBeUndefined();
  });

  it('tells a foreign client id (identifier rejected, actor known) from bad credentials (actor unknown)', async () => {
    expect(await decideDeviceConnect({ clientId: 'd02other', username: '01DEVICE', password: token })).toEqual({
      outcome: 'refused',
      reason: 'client-id',
      actor: '01DEVICE',
      orgId: 'o1',
      detail: "client id is not the device's iot_id",
    });
    expect(await decideDeviceConnect({ clientId: 'd01device', username: '01DEVICE', password: 'wrong' })).toEqual({
      outcome: 'refused',
      reason: 'credentials',
      actor: 'anonymous',
      detail: 'bad username or password',
    });
  });

  it('strips the authorizer name IoT Core lets a client append to its username', () => {
    expect(bareUsername('01DEVICE?x-amz-customauthorizer-name=a')).toBe('01DEVICE');
    expect(bareUsername('01DEVICE')).toBe('01DEVICE');
    expect(isUserUsername('user?x-amz-customauthorizer-name=a')).toBe(true);
    expect(isUserUsername('user:u1')).toBe(true);
    expect(isUserUsername('01DEVICE')).toBe(false);
    expect(isUserUsername(undefined)).toBe(false);
  });
});

describe('user authentication (the watch emulator)', () => {
  const sub = '3f1c2b7e-3c1a-4a8e-9d4f-2f0c6e9b1a77';
  const deps = {
    verify: vi.fn(async (t: string) => (t === 'id-token' ? { sub, exp: 1_900_000_000 } : undefined)),
    organizationsOf: vi.fn(async (userId: string) => (userId === sub ? ['o1', 'o2'] : [])),
  };

  it("grants the user's inbox and events topic in each organisation, with the client id derived from the sub", async () => {
    expect(await decideUserConnect({ clientId: `user-${sub}-tab1`, username: 'user', password: 'id-token' }, deps)).toEqual({
      outcome: 'granted',
      kind: 'user',
      actor: sub,
      clientId: `user-${sub}-tab1`,
      grant: {
        subscribe: [`portal/v1/o1/users/${sub}/inbox`, `portal/v1/o2/users/${sub}/inbox`],
        publish: [`portal/v1/o1/users/${sub}/events`, `portal/v1/o2/users/${sub}/events`],
      },
      expiresAt: 1_900_000_000,
    });
    expect(await decideConnect({ clientId: `user-${sub}`, username: `user:${sub}?x-amz-customauthorizer-name=a`, password: 'id-token' }, deps)).toMatchObject({ outcome: 'granted' });
  });

  it("refuses another client id, another user's sub, a bad token, and a member of no organisation", async () => {
    expect(await decideUserConnect({ clientId: 'd01device', username: 'user', password: 'id-token' }, deps)).toMatchObject({ outcome: 'refused', reason: 'client-id', actor: sub });
    expect(await decideUserConnect({ clientId: `user-${sub}`, username: 'user:someone-else', password: 'id-token' }, deps)).toMatchObject({ outcome: 'refused', reason: 'credentials' });
    expect(await decideUserConnect({ clientId: `user-${sub}`, username: 'user', password: 'forged' }, deps)).toMatchObject({ outcome: 'refused', reason: 'credentials', actor: 'anonymous' });
    deps.organizationsOf.mockResolvedValueOnce([]);
    expect(await decideUserConnect({ clientId: `user-${sub}`, username: 'user', password: 'id-token' }, deps)).toMatchObject({ outcome: 'refused', reason: 'not-authorized', actor: sub });
  });

  it('sends device usernames down the device path', async () => {
    lookups.clear();
    deps.verify.mockClear();
    expect(await decideConnect({ clientId: `user-${sub}`, username: '01DEVICE', password: 'id-token' }, deps)).toMatchObject({ outcome: 'refused', reason: 'credentials' });
    expect(deps.verify).not.toHaveBeenCalled();
  });
});
