import { env } from '../config.ts';
import type { DeliveryPort, PublishOptions } from './delivery.port.ts';

export type { DeliveryPort, PublishOptions } from './delivery.port.ts';

/**
 * Chosen by configuration only: `MQTT_URL` (set by the local runtime) selects the MQTT adapter
 * against the aedes broker; otherwise IoT Core's data plane at `IOT_DATA_ENDPOINT` (set by CDK).
 */
export const deliveryEnv = {
  get mqttUrl(): string | undefined {
    return process.env.MQTT_URL || undefined;
  },
  get mqttInternalToken(): string {
    return process.env.MQTT_INTERNAL_TOKEN ?? '';
  },
  get iotDataEndpoint(): string | undefined {
    return process.env.IOT_DATA_ENDPOINT || undefined;
  },
};

let port: Promise<DeliveryPort> | undefined;

async function choose(): Promise<DeliveryPort> {
  const mqttUrl = deliveryEnv.mqttUrl;
  if (mqttUrl) {
    // Loaded only where it is used: the Lambda bundles never evaluate the MQTT client.
    const { createMqttDelivery } = await import('./mqtt.adapter.ts');
    return createMqttDelivery(mqttUrl, deliveryEnv.mqttInternalToken);
  }
  const endpoint = deliveryEnv.iotDataEndpoint;
  if (!endpoint) throw new Error('Delivery is not configured: set MQTT_URL (local broker) or IOT_DATA_ENDPOINT (IoT Core)');
  const { createIotDataDelivery, iotDataClient } = await import('./iot-data.adapter.ts');
  return createIotDataDelivery(iotDataClient(endpoint, env.region));
}

function delivery(): Promise<DeliveryPort> {
  port ??= choose().catch((error: unknown) => {
    port = undefined;
    throw error;
  });
  return port;
}

/** Publishes one message with QoS 1 through the configured adapter. */
export async function publish(topic: string, payload: string | Uint8Array, options: Omit<PublishOptions, 'qos'>): Promise<void> {
  await (await delivery()).publish(topic, payload, { qos: 1, retain: options.retain });
}

/** How many publishes the configured adapter takes in flight (fan-out's concurrency). */
export async function publishConcurrency(): Promise<number> {
  return (await delivery()).maxInFlight;
}

/** Closes the adapter's connection (tests and shutdown). */
export async function closeDelivery(): Promise<void> {
  const open = port;
  port = undefined;
  if (open) await (await open.catch(() => undefined))?.close();
}
