import { IoTDataPlaneClient, PublishCommand } from '@aws-sdk/client-iot-data-plane';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { IOT_DATA_IN_FLIGHT, createIotDataDelivery, endpointUrl, iotDataClient } from './iot-data.adapter.ts';

const iot = mockClient(IoTDataPlaneClient);
afterEach(() => iot.reset());

describe('IoT Core delivery adapter', () => {
  it('publishes with QoS 1, the retain flag and the payload as UTF-8 bytes', async () => {
    iot.on(PublishCommand).resolves({});
    const delivery = createIotDataDelivery(new IoTDataPlaneClient({ region: 'eu-central-1' }));
    const payload = JSON.stringify({ v: 1, id: 'm1', type: 'config', data: { name: 'Küche' } });

    await delivery.publish('portal/v1/o1/devices/d1/config', payload, { qos: 1, retain: true });
    await delivery.publish('portal/v1/o1/users/u1/inbox', Buffer.from('{}'), { qos: 1, retain: false });

    const calls = iot.commandCalls(PublishCommand);
    expect(calls).toHaveLength(2);
    const [first, second] = calls.map((call) => call.args[0].input);
    expect(first).toEqual({ topic: 'portal/v1/o1/devices/d1/config', qos: 1, retain: true, payload: expect.any(Uint8Array) });
    expect(Buffer.from(first!.payload as Uint8Array).equals(Buffer.from(payload, 'utf8'))).toBe(true);
    expect(second).toMatchObject({ topic: 'portal/v1/o1/users/u1/inbox', qos: 1, retain: false });
    expect(Buffer.from(second!.payload as Uint8Array).toString('utf8')).toBe('{}');
  });

  it('passes IoT Core errors on to the caller', async () => {
    iot.on(PublishCommand).rejects(new Error('ForbiddenException'));
    const delivery = createIotDataDelivery(new IoTDataPlaneClient({ region: 'eu-central-1' }));
    await expect(delivery.publish('t', 'x', { qos: 1, retain: false })).rejects.toThrow('ForbiddenException');
  });

  it("targets the account's data endpoint over HTTPS", async () => {
    expect(endpointUrl('abc-ats.iot.eu-central-1.amazonaws.com')).toBe('https://abc-ats.iot.eu-central-1.amazonaws.com');
    expect(endpointUrl('https://example.test')).toBe('https://example.test');
    const endpoint = await (await iotDataClient('abc-ats.iot.eu-central-1.amazonaws.com', 'eu-central-1')).config.endpoint?.();
    expect(endpoint?.hostname).toBe('abc-ats.iot.eu-central-1.amazonaws.com');
  });

  it('keeps as many HTTPS sockets as publishes in flight (the default agent has 50)', async () => {
    const client = await iotDataClient('abc-ats.iot.eu-central-1.amazonaws.com', 'eu-central-1');
    const handler = client.config.requestHandler as unknown as { configProvider: Promise<{ httpsAgent: { maxSockets: number; keepAlive: boolean } }> };
    const { httpsAgent } = await handler.configProvider;
    expect(httpsAgent.maxSockets).toBe(IOT_DATA_IN_FLIGHT);
    expect(createIotDataDelivery(client).maxInFlight).toBe(IOT_DATA_IN_FLIGHT);
    expect(httpsAgent.keepAlive).toBe(true);
  });
});
