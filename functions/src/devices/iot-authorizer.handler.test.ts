import type { Context, IoTCustomAuthorizerEvent } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';

const device = { orgId: 'o1', deviceId: '01DEVICE', iotId: 'd01device', userId: 'u1' };
const authenticateDevice = vi.fn(async (c: { clientId: string; username?: string; password?: string }) =>
  c.password === 'good-token' && c.username === '01DEVICE' && c.clientId === 'd01device' ? device : undefined,
);
vi.mock('./device-auth.service.ts', async (original) => ({ ...(await original<object>()), authenticateDevice }));
const { handler } = await import('./iot-authorizer.handler.ts');

const context = { invokedFunctionArn: 'arn:aws:lambda:eu-central-1:123456789012:function:device-authorizer' } as Context;
const event = (password: string, username = '01DEVICE', clientId = 'd01device'): IoTCustomAuthorizerEvent => ({
  signatureVerified: false,
  protocols: ['tls', 'mqtt'],
  protocolData: { tls: { serverName: 'abc-ats.iot.eu-central-1.amazonaws.com' }, mqtt: { username, password: Buffer.from(password).toString('base64'), clientId } },
  connectionMetadata: { id: 'c1' },
});

describe('IoT Core custom authorizer', () => {
  it('decodes the base64 password and answers a policy for exactly that device', async () => {
    delete process.env.AWS_REGION;
    const result = await handler(event('good-token'), context);
    expect(authenticateDevice).toHaveBeenCalledWith({ clientId: 'd01device', username: '01DEVICE', password: 'good-token' });
    expect(result).toMatchObject({ isAuthenticated: true, principalId: 'd01device', disconnectAfterInSeconds: 86_400, refreshAfterInSeconds: 900 });
    expect(result.principalId).toMatch(/^[a-zA-Z0-9]{1,128}$/);
    expect(result.policyDocuments).toHaveLength(1);
    expect(JSON.stringify(result.policyDocuments[0])).toContain('arn:aws:iot:eu-central-1:123456789012:topic/portal/v1/o1/devices/01DEVICE/events');
  });

  it('refuses unknown credentials with no policy', async () => {
    expect(await handler(event('bad-token'), context)).toEqual({
      isAuthenticated: false,
      principalId: 'denied',
      disconnectAfterInSeconds: 300,
      refreshAfterInSeconds: 300,
      policyDocuments: [],
    });
    const noMqtt = { ...event('x'), protocolData: {} };
    expect((await handler(noMqtt, context)).isAuthenticated).toBe(false);
  });
});
