import { describe, expect, it } from 'vitest';
import { PORTAL_USERNAME, portalAuthenticator } from './broker.ts';

describe('the portal on the local broker', () => {
  const authenticate = portalAuthenticator('internal-secret');

  it('logs in with the internal token and may use every topic', async () => {
    const grant = await authenticate({ clientId: 'portal-1', username: PORTAL_USERNAME, password: 'internal-secret' });
    expect(grant?.principal).toBe('portal');
    expect(grant?.maySubscribe('#')).toBe(true);
    expect(grant?.mayPublish('portal/v1/o1/devices/d1/config', true)).toBe(true);
  });

  it('is refused with another token, another username, or when no token is configured', async () => {
    expect(await authenticate({ clientId: 'c', username: PORTAL_USERNAME, password: 'internal-secreT' })).toBeUndefined();
    expect(await authenticate({ clientId: 'c', username: PORTAL_USERNAME })).toBeUndefined();
    expect(await authenticate({ clientId: 'c', username: 'device', password: 'internal-secret' })).toBeUndefined();
    expect(await portalAuthenticator(undefined)({ clientId: 'c', username: PORTAL_USERNAME, password: '' })).toBeUndefined();
  });
});
