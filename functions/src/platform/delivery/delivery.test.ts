import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryPort } from './delivery.port.ts';

const saved = { mqtt: process.env.MQTT_URL, iot: process.env.IOT_DATA_ENDPOINT };
const restore = (name: string, value: string | undefined) => (value === undefined ? delete process.env[name] : (process.env[name] = value));

/** A fresh port (its registry is per module instance) and a fake adapter that records publishes. */
async function freshPort() {
  vi.resetModules();
  return import('./delivery.ts');
}
const fake = (published: string[]): DeliveryPort => ({
  maxInFlight: 7,
  publish: async (topic) => void published.push(topic),
  close: async () => undefined,
});

beforeEach(() => {
  delete process.env.MQTT_URL;
  delete process.env.IOT_DATA_ENDPOINT;
});
afterEach(() => {
  restore('MQTT_URL', saved.mqtt);
  restore('IOT_DATA_ENDPOINT', saved.iot);
});

describe('the delivery port picks among the registered adapters by configuration', () => {
  it('uses the local broker when MQTT_URL is set, IoT Core when only IOT_DATA_ENDPOINT is', async () => {
    const port = await freshPort();
    const mqtt: string[] = [];
    const iotData: string[] = [];
    port.registerDeliveryAdapter({ kind: 'mqtt', create: () => fake(mqtt) });
    port.registerDeliveryAdapter({ kind: 'iot-data', create: () => fake(iotData) });
    process.env.IOT_DATA_ENDPOINT = 'abc-ats.iot.eu-central-1.amazonaws.com';
    await port.publish('t/1', 'x', { retain: false });
    await port.closeDelivery();
    process.env.MQTT_URL = 'mqtt://127.0.0.1:1883';
    await port.publish('t/2', 'x', { retain: false });
    expect(await port.publishConcurrency()).toBe(7);
    expect({ mqtt, iotData }).toEqual({ mqtt: ['t/2'], iotData: ['t/1'] });
  });

  it('names the variables when nothing is configured', async () => {
    const port = await freshPort();
    await expect(port.publish('t', 'x', { retain: false })).rejects.toThrow('Delivery is not configured: set MQTT_URL (local broker) or IOT_DATA_ENDPOINT (IoT Core)');
  });

  it('says which adapter is missing when the configured one was not registered (an AWS bundle has no MQTT client)', async () => {
    const port = await freshPort();
    port.registerDeliveryAdapter({ kind: 'iot-data', create: () => fake([]) });
    process.env.MQTT_URL = 'mqtt://127.0.0.1:1883';
    await expect(port.publish('t', 'x', { retain: false })).rejects.toThrow("no 'mqtt' adapter is registered");
  });
});
