import { describe, expect, it } from 'vitest';
import { userAuthenticator, type BrokerGrant } from './broker.ts';

const u1 = '3f1c2b7e-3c1a-4a8e-9d4f-2f0c6e9b1a77';
const u2 = '9a8b7c6d-1111-4222-8333-444455556666';

describe('users without a device on the local broker', () => {
  const authenticate = userAuthenticator({
    verify: async (token) => (token === 'id-token-of-u1' ? { sub: u1, exp: 2_000_000_000 } : token === 'id-token-of-u2' ? { sub: u2 } : undefined),
    organizationsOf: async (userId) => (userId === u1 ? ['o1', 'o2'] : []),
  });
  const login = async (clientId: string, username = 'user', password = 'id-token-of-u1') => authenticate({ clientId, username, password });

  it('log in with an ID token and a client id of their own, and may use their own inbox and events topic in their organisations', async () => {
    for (const [username, clientId] of [
      ['user', `user-${u1}`],
      [`user:${u1}`, `user-${u1}-tab1`],
    ] as const) {
      const grant = (await login(clientId, username)) as BrokerGrant;
      expect(grant.principal).toBe(`user:${u1}`);
      expect(grant.maySubscribe(`portal/v1/o1/users/${u1}/inbox`)).toBe(true);
      expect(grant.maySubscribe(`portal/v1/o2/users/${u1}/inbox`)).toBe(true);
      expect(grant.mayPublish(`portal/v1/o1/users/${u1}/events`, false)).toBe(true);
    }
  });

  it("may not use another user's or organisation's topics, wildcards, or retained publishes", async () => {
    const grant = (await login(`user-${u1}`)) as BrokerGrant;
    expect(grant.maySubscribe(`portal/v1/o3/users/${u1}/inbox`)).toBe(false);
    expect(grant.maySubscribe(`portal/v1/o1/users/${u2}/inbox`)).toBe(false);
    expect(grant.maySubscribe('portal/v1/o1/users/+/inbox')).toBe(false);
    expect(grant.maySubscribe(`portal/v1/o1/users/${u1}/events`)).toBe(false);
    expect(grant.mayPublish(`portal/v1/o1/users/${u1}/events`, true)).toBe(false);
    expect(grant.mayPublish(`portal/v1/o1/users/${u1}/inbox`, false)).toBe(false);
    expect(grant.mayPublish('portal/v1/o1/devices/d1/events', false)).toBe(false);
  });

  it("is refused (identifier rejected) with a device's client id or another user's", async () => {
    for (const clientId of ['d01jn4z5q8v3k9t2b7c6d5e4f3g', `user-${u2}`, `user-${u2}-tab1`, 'watch-1', 'portal-1', '']) {
      expect(await login(clientId)).toEqual({ refused: 'client-id', actor: u1, detail: 'client id is not derived from the user (user-{sub}[-{suffix}])' });
    }
  });

  it("is refused with a bad token or a sub that is not the token's, and a member of no organisation gets nothing", async () => {
    expect(await login(`user-${u1}`, 'user', 'forged')).toMatchObject({ refused: 'credentials', actor: 'anonymous' });
    expect(await login(`user-${u1}`, `user:${u2}`)).toMatchObject({ refused: 'credentials' });
    expect(await authenticate({ clientId: `user-${u1}`, username: 'user' })).toMatchObject({ refused: 'credentials' });
    expect(await login(`user-${u2}`, 'user', 'id-token-of-u2')).toMatchObject({ refused: 'not-authorized', actor: u2 });
  });

  it('leaves other usernames to the other authenticators', async () => {
    expect(await login(`user-${u1}`, 'portal')).toBeUndefined();
    expect(await login(`user-${u1}`, '01JN4Z5Q8V3K9T2B7C6D5E4F3G')).toBeUndefined();
  });
});
