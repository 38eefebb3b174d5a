import type { Context, IoTCustomAuthorizerEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TokenError } from '../platform/auth/token-error.ts';
import { tokenHash } from './device-credentials.ts';

const sub = '3f1c2b7e-3c1a-4a8e-9d4f-2f0c6e9b1a77';
const device = { orgId: 'o1', deviceId: '01DEVICE', iotId: 'd01device', userId: 'u1' };
const lookups = new Map<string, Record<string, string | undefined>>([[tokenHash('good-token'), { kind: 'TOKEN', value: tokenHash('good-token'), ...device }]]);
vi.mock('./devices.repository.ts', () => ({
  findLookup: vi.fn(async (kind: string, value: string) => (kind === 'TOKEN' ? (lookups.get(value) ?? null) : null)),
}));
const verifyIdToken = vi.fn(async (token: string): Promise<Record<string, unknown>> => {
  if (token === 'id-token') return { sub, exp: Math.floor(Date.now() / 1000) + 3600, token_use: 'id' };
  if (token === 'access-token') throw new Error('Not an ID token');
  throw new TokenError('ERR_JWS_SIGNATURE_VERIFICATION_FAILED', 'signature verification failed');
});
vi.mock('../platform/auth/verify-token.ts', () => ({ verifyIdToken }));
const rolesByOrganization = vi.fn(async (userId: string) => (userId === sub ? { o1: ['employee'], o2: ['admin'] } : {}));
vi.mock('../platform/tenancy/memberships.repository.ts', () => ({ rolesByOrganization }));
const securityEvent = vi.fn();
vi.mock('../platform/security/security-events.ts', () => ({ securityEvent }));
const { handler } = await import('./iot-authorizer.handler.ts');

const context = { invokedFunctionArn: 'arn:aws:lambda:eu-central-1:123456789012:function:device-authorizer' } as Context;
const arn = (resource: string) => `arn:aws:iot:eu-central-1:123456789012:${resource}`;
const base64 = (text: string) => Buffer.from(text).toString('base64');

/** MQTT over TLS on 443 with ALPN `mqtt`: the authorizer is named in the username. */
const tlsEvent = (password: string, username = '01DEVICE?x-amz-customauthorizer-name=portal-devices', clientId = 'd01device'): IoTCustomAuthorizerEvent => ({
  signatureVerified: false,
  protocols: ['tls', 'mqtt'],
  protocolData: { tls: { serverName: 'abc-ats.iot.eu-central-1.amazonaws.com' }, mqtt: { username, password: base64(password), clientId } },
  connectionMetadata: { id: 'c1' },
});

/**
 * MQTT over WebSocket (`wss://{endpoint}/mqtt?x-amz-customauthorizer-name=…`): IoT Core adds the
 * upgrade request's headers and query string; the credentials are the CONNECT's.
 */
const webSocketEvent = (password: string, clientId: string, username = 'user'): IoTCustomAuthorizerEvent => ({
  signatureVerified: false,
  protocols: ['tls', 'http', 'mqtt'],
  protocolData: {
    tls: { serverName: 'abc-ats.iot.eu-central-1.amazonaws.com' },
    http: { headers: { host: 'abc-ats.iot.eu-central-1.amazonaws.com', 'sec-websocket-protocol': 'mqtt' }, queryString: '?x-amz-customauthorizer-name=portal-devices' },
    mqtt: { username, password: base64(password), clientId },
  },
  connectionMetadata: { id: 'c2' },
});

const denied = { isAuthenticated: false, principalId: 'denied', disconnectAfterInSeconds: 300, refreshAfterInSeconds: 300, policyDocuments: [] };

describe('IoT Core custom authorizer: devices', () => {
  beforeEach(() => {
    delete process.env.AWS_REGION;
    securityEvent.mockClear();
  });

  it('decodes the base64 password and answers a policy for exactly that device and client id', async () => {
    const result = await handler(tlsEvent('good-token'), context);
    expect(result).toMatchObject({ isAuthenticated: true, principalId: 'd01device', disconnectAfterInSeconds: 86_400, refreshAfterInSeconds: 900 });
    expect(result.principalId).toMatch(/^[a-zA-Z0-9]{1,128}$/);
    expect(result.policyDocuments).toEqual([
      {
        Version: '2012-10-17',
        Statement: [
          { Effect: 'Allow', Action: 'iot:Connect', Resource: [arn('client/d01device')] },
          { Effect: 'Allow', Action: 'iot:Subscribe', Resource: [arn('topicfilter/portal/v1/o1/users/u1/inbox'), arn('topicfilter/portal/v1/o1/devices/01DEVICE/config')] },
          { Effect: 'Allow', Action: 'iot:Receive', Resource: [arn('topic/portal/v1/o1/users/u1/inbox'), arn('topic/portal/v1/o1/devices/01DEVICE/config')] },
          { Effect: 'Allow', Action: 'iot:Publish', Resource: [arn('topic/portal/v1/o1/devices/01DEVICE/events')] },
        ],
      },
    ]);
  });

  it('refuses unknown credentials and a foreign client id with no policy, logging a secret-free security event', async () => {
    expect(await handler(tlsEvent('bad-token'), context)).toEqual(denied);
    expect(securityEvent).toHaveBeenLastCalledWith('broker_connect_refused', { actor: 'anonymous', target: 'd01device', outcome: 'refused', detail: 'credentials: bad username or password' });

    expect(await handler(tlsEvent('good-token', '01DEVICE', 'user-someone'), context)).toEqual(denied);
    expect(securityEvent).toHaveBeenLastCalledWith('broker_connect_refused', {
      actor: '01DEVICE',
      orgId: 'o1',
      target: 'user-someone',
      outcome: 'refused',
      detail: "client-id: client id is not the device's iot_id",
    });
    expect(JSON.stringify(securityEvent.mock.calls)).not.toContain('good-token');

    expect((await handler({ ...tlsEvent('x'), protocolData: {} }, context)).isAuthenticated).toBe(false);
  });
});

describe('IoT Core custom authorizer: people over WebSocket (the watch emulator)', () => {
  beforeEach(() => {
    process.env.AWS_REGION = 'eu-central-1';
    securityEvent.mockClear();
  });

  it("verifies the ID token and grants only the user's inbox, events topic and derived client id, until the token expires", async () => {
    const clientId = `user-${sub}-0a1b2c`;
    const result = await handler(webSocketEvent('id-token', clientId), context);
    expect(verifyIdToken).toHaveBeenLastCalledWith('id-token');
    expect(rolesByOrganization).toHaveBeenLastCalledWith(sub);
    expect(result.isAuthenticated).toBe(true);
    expect(result.principalId).toBe(`user${sub.replace(/-/g, '')}`);
    expect(result.principalId).toMatch(/^[a-zA-Z0-9]{1,128}$/);
    expect(result.disconnectAfterInSeconds).toBeGreaterThan(3_500);
    expect(result.disconnectAfterInSeconds).toBeLessThanOrEqual(3_600);
    expect(result.policyDocuments).toEqual([
      {
        Version: '2012-10-17',
        Statement: [
          { Effect: 'Allow', Action: 'iot:Connect', Resource: [arn(`client/${clientId}`)] },
          { Effect: 'Allow', Action: 'iot:Subscribe', Resource: [arn(`topicfilter/portal/v1/o1/users/${sub}/inbox`), arn(`topicfilter/portal/v1/o2/users/${sub}/inbox`)] },
          { Effect: 'Allow', Action: 'iot:Receive', Resource: [arn(`topic/portal/v1/o1/users/${sub}/inbox`), arn(`topic/portal/v1/o2/users/${sub}/inbox`)] },
          { Effect: 'Allow', Action: 'iot:Publish', Resource: [arn(`topic/portal/v1/o1/users/${sub}/events`), arn(`topic/portal/v1/o2/users/${sub}/events`)] },
        ],
      },
    ]);
  });

  it("uses the deployment's topic root", async () => {
    vi.stubEnv('MQTT_TOPIC_ROOT', 'staging/v1');
    try {
      const result = await handler(webSocketEvent('id-token', `user-${sub}`), context);
      expect(JSON.stringify(result.policyDocuments)).toContain(`topicfilter/staging/v1/o1/users/${sub}/inbox`);
      expect(JSON.stringify(result.policyDocuments)).not.toContain('portal/v1');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("refuses a device's or another user's client id, a forged or access token, and a user of no organisation", async () => {
    expect(await handler(webSocketEvent('id-token', 'd01device'), context)).toEqual(denied);
    expect(securityEvent).toHaveBeenLastCalledWith('broker_connect_refused', expect.objectContaining({ actor: sub, target: 'd01device', detail: expect.stringMatching(/^client-id:/) }));
    expect(await handler(webSocketEvent('id-token', 'user-9a8b7c6d-1111-4222-8333-444455556666'), context)).toEqual(denied);
    expect(await handler(webSocketEvent('forged', `user-${sub}`), context)).toEqual(denied);
    expect(securityEvent).toHaveBeenLastCalledWith('broker_connect_refused', expect.objectContaining({ actor: 'anonymous', detail: 'credentials: invalid ID token' }));
    expect(await handler(webSocketEvent('access-token', `user-${sub}`), context)).toEqual(denied);
    rolesByOrganization.mockResolvedValueOnce({});
    expect(await handler(webSocketEvent('id-token', `user-${sub}`), context)).toEqual(denied);
    expect(securityEvent).toHaveBeenLastCalledWith('broker_connect_refused', expect.objectContaining({ actor: sub, detail: 'not-authorized: not a member of any organisation' }));
    expect(JSON.stringify(securityEvent.mock.calls)).not.toMatch(/id-token|forged|access-token/);
  });

  it('denies, and says so as a failure, when the tokens cannot be checked (no key set, no configuration)', async () => {
    verifyIdToken.mockRejectedValueOnce(new TokenError('ERR_JWKS_TIMEOUT', 'request timed out'));
    expect(await handler(webSocketEvent('id-token', `user-${sub}`), context)).toEqual(denied);
    expect(securityEvent).toHaveBeenLastCalledWith('broker_connect_refused', expect.objectContaining({ outcome: 'failed', detail: 'authentication unavailable' }));
    verifyIdToken.mockRejectedValueOnce(new Error('Missing environment variable COGNITO_ISSUER'));
    expect(await handler(webSocketEvent('id-token', `user-${sub}`), context)).toEqual(denied);
    expect(securityEvent).toHaveBeenLastCalledWith('broker_connect_refused', expect.objectContaining({ outcome: 'failed' }));
  });

  it('splits the policy of a member of many organisations over several documents of at most 2,048 characters', async () => {
    const orgs = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`01JN4Z5Q8V3K9T2B7C6D5E4F${String(i).padStart(2, '0')}`, ['employee']]));
    rolesByOrganization.mockResolvedValueOnce(orgs);
    const result = await handler(webSocketEvent('id-token', `user-${sub}`), context);
    expect(result.isAuthenticated).toBe(true);
    expect(result.policyDocuments.length).toBeGreaterThan(1);
    expect(result.policyDocuments.length).toBeLessThanOrEqual(10);
    for (const document of result.policyDocuments) expect(JSON.stringify(document).length).toBeLessThanOrEqual(2048);
    const resources = result.policyDocuments.flatMap((d) => d.Statement.flatMap((s) => ('Resource' in s ? [s.Resource].flat() : [])));
    expect(resources.filter((r) => String(r).endsWith('/inbox'))).toHaveLength(24);
    expect(resources.filter((r) => String(r).includes(':client/'))).toEqual([arn(`client/user-${sub}`)]);
  });
});
