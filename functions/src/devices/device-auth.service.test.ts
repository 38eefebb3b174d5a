import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenHash } from './device-credentials.ts';

const lookups = new Map<string, Record<string, string | undefined>>();
vi.mock('./devices.repository.ts', () => ({
  findLookup: vi.fn(async (kind: string, value: string) => (kind === 'TOKEN' ? (lookups.get(value) ?? null) : null)),
}));
const { authenticateDevice, bareUsername, mayPublish, maySubscribe, topicGrantFor } = await import('./device-auth.service.ts');

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
  });

  it('refuses a wrong token, another username, another client id and missing credentials', async () => {
    expect(await authenticateDevice({ clientId: 'd01device', username: '01DEVICE', password: 'wrong' })).toBeUndefined();
    expect(await authenticateDevice({ clientId: 'd01device', username: 'SOMEONE', password: token })).toBeUndefined();
    expect(await authenticateDevice({ clientId: 'd02other', username: '01DEVICE', password: token })).toBeUndefined();
    expect(await authenticateDevice({ clientId: 'd01device', username: '01DEVICE' })).toBeUndefined();
    expect(await authenticateDevice({ clientId: '', username: '01DEVICE', password: token })).toBeUndefined();
  });

  it('strips the authorizer name IoT Core lets a device append to its username', () => {
    expect(bareUsername('01DEVICE?x-amz-customauthorizer-name=a')).toBe('01DEVICE');
    expect(bareUsername('01DEVICE')).toBe('01DEVICE');
  });
});
