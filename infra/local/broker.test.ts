import { describe, expect, it } from 'vitest';
import { PORTAL_USERNAME, authenticateClient, portalAuthenticator, type BrokerAuthenticator, type BrokerGrant } from './broker.ts';

const grantOf = (answer: Awaited<ReturnType<BrokerAuthenticator>>) => answer as BrokerGrant;

describe('the portal on the local broker', () => {
  const authenticate = portalAuthenticator('internal-secret');

  it('logs in with the internal token under its own client id prefix and may use every topic', async () => {
    const grant = grantOf(await authenticate({ clientId: 'portal-1', username: PORTAL_USERNAME, password: 'internal-secret' }));
    expect(grant.principal).toBe('portal');
    expect(grant.maySubscribe('#')).toBe(true);
    expect(grant.mayPublish('portal/v1/o1/devices/d1/config', true)).toBe(true);
  });

  it('is refused with another token, no token, or when no token is configured; other usernames are not its kind', async () => {
    const bad = { refused: 'credentials', actor: 'anonymous', detail: 'bad username or password' };
    expect(await authenticate({ clientId: 'portal-1', username: PORTAL_USERNAME, password: 'internal-secreT' })).toEqual(bad);
    expect(await authenticate({ clientId: 'portal-1', username: PORTAL_USERNAME })).toEqual(bad);
    expect(await portalAuthenticator(undefined)({ clientId: 'portal-1', username: PORTAL_USERNAME, password: '' })).toEqual(bad);
    expect(await authenticate({ clientId: 'portal-1', username: 'device', password: 'internal-secret' })).toBeUndefined();
  });

  it("may not take a device's or a user's client id", async () => {
    for (const clientId of ['d01jn4z5q8v3k9t2b7c6d5e4f3g', 'user-3f1c2b7e-3c1a-4a8e-9d4f-2f0c6e9b1a77', 'watch-1']) {
      expect(await authenticate({ clientId, username: PORTAL_USERNAME, password: 'internal-secret' })).toMatchObject({ refused: 'client-id', actor: 'portal' });
    }
  });
});

describe('the broker answer to a CONNECT', () => {
  const grant: BrokerGrant = { principal: 'device:D1', maySubscribe: () => true, mayPublish: () => true };
  const answering = (answer: Awaited<ReturnType<BrokerAuthenticator>>): BrokerAuthenticator => async () => answer;
  const connect = { clientId: 'c1', username: 'D1', password: 'the-secret-token' };

  it('is the first grant or refusal; authenticators that do not know the credentials are skipped', async () => {
    expect(await authenticateClient([answering(undefined), answering(grant)], connect)).toEqual({ grant });
  });

  it('maps refusals to CONNACK codes with a security event that never holds the password', async () => {
    const cases = [
      [{ refused: 'credentials', actor: 'anonymous', detail: 'bad username or password' }, 4],
      [{ refused: 'client-id', actor: 'D1', orgId: 'o1', detail: "client id is not the device's iot_id" }, 2],
      [{ refused: 'not-authorized', actor: 'u1', detail: 'not a member of any organisation' }, 5],
    ] as const;
    for (const [refusal, returnCode] of cases) {
      const answer = await authenticateClient([answering(refusal)], connect);
      expect(answer).toEqual({
        returnCode,
        event: { actor: refusal.actor, ...('orgId' in refusal ? { orgId: refusal.orgId } : {}), target: 'c1', outcome: 'refused', detail: `${refusal.refused}: ${refusal.detail}` },
      });
      expect(JSON.stringify(answer)).not.toContain('the-secret-token');
    }
  });

  it('refuses credentials nobody knows with 4, and answers 3 (server unavailable) when checking fails', async () => {
    expect(await authenticateClient([answering(undefined)], connect)).toMatchObject({ returnCode: 4, event: { actor: 'anonymous', target: 'c1', outcome: 'refused' } });
    const failing: BrokerAuthenticator = async () => {
      throw new Error('DynamoDB is down');
    };
    expect(await authenticateClient([failing], connect)).toMatchObject({ returnCode: 3, event: { outcome: 'failed' } });
  });

  it('clips a long client id in the event', async () => {
    const answer = await authenticateClient([answering(undefined)], { ...connect, clientId: 'x'.repeat(500) });
    expect('event' in answer && answer.event.target).toHaveLength(128);
  });
});
