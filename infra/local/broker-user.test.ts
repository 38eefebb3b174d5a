import { describe, expect, it } from 'vitest';
import { userAuthenticator } from './broker.ts';

describe('users without a device on the local broker', () => {
  const authenticate = userAuthenticator({
    verify: async (token) => (token === 'id-token-of-u1' ? 'u1' : undefined),
    organizationsOf: async (userId) => (userId === 'u1' ? ['o1', 'o2'] : []),
  });

  it('log in with an ID token and may use their own inbox and events topic in their organisations', async () => {
    for (const username of ['user', 'user:u1']) {
      const grant = await authenticate({ clientId: 'watch-1', username, password: 'id-token-of-u1' });
      expect(grant?.principal).toBe('user:u1');
      expect(grant?.maySubscribe('portal/v1/o1/users/u1/inbox')).toBe(true);
      expect(grant?.maySubscribe('portal/v1/o2/users/u1/inbox')).toBe(true);
      expect(grant?.mayPublish('portal/v1/o1/users/u1/events', false)).toBe(true);
    }
  });

  it("may not use another user's or organisation's topics, wildcards, or retained publishes", async () => {
    const grant = (await authenticate({ clientId: 'watch-1', username: 'user', password: 'id-token-of-u1' }))!;
    expect(grant.maySubscribe('portal/v1/o3/users/u1/inbox')).toBe(false);
    expect(grant.maySubscribe('portal/v1/o1/users/u2/inbox')).toBe(false);
    expect(grant.maySubscribe('portal/v1/o1/users/+/inbox')).toBe(false);
    expect(grant.maySubscribe('portal/v1/o1/users/u1/events')).toBe(false);
    expect(grant.mayPublish('portal/v1/o1/users/u1/events', true)).toBe(false);
    expect(grant.mayPublish('portal/v1/o1/users/u1/inbox', false)).toBe(false);
    expect(grant.mayPublish('portal/v1/o1/devices/d1/events', false)).toBe(false);
  });

  it('is refused with a bad token, a sub that is not the token\'s, or another username', async () => {
    expect(await authenticate({ clientId: 'c', username: 'user', password: 'forged' })).toBeUndefined();
    expect(await authenticate({ clientId: 'c', username: 'user:u2', password: 'id-token-of-u1' })).toBeUndefined();
    expect(await authenticate({ clientId: 'c', username: 'portal', password: 'id-token-of-u1' })).toBeUndefined();
    expect(await authenticate({ clientId: 'c', username: 'user' })).toBeUndefined();
  });
});
