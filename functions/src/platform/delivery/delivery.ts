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

/** 'mqtt': the local broker (MQTT_URL). 'iot-data': IoT Core's data plane (IOT_DATA_ENDPOINT). */
export type DeliveryKind = 'mqtt' | 'iot-data';

/**
 * An adapter as its composition root registers it: a Lambda entry registers the AWS one
 * (`iot-data.adapter.ts`), the local runtime the MQTT one before it loads any handler
 * (infra/local/functions.ts). `create` runs at the first publish and reads its settings from
 * `deliveryEnv`; nothing is imported that a bundle does not register.
 */
export interface DeliveryAdapter {
  readonly kind: DeliveryKind;
  create(): DeliveryPort | Promise<DeliveryPort>;
}

const adapters = new Map<DeliveryKind, DeliveryAdapter>();
let port: Promise<DeliveryPort> | undefined;

/** Makes an adapter available; configuration decides which one is used. Registering a kind again replaces it. */
export function registerDeliveryAdapter(adapter: DeliveryAdapter): void {
  adapters.set(adapter.kind, adapter);
}

async function choose(): Promise<DeliveryPort> {
  const kind: DeliveryKind | undefined = deliveryEnv.mqttUrl ? 'mqtt' : deliveryEnv.iotDataEndpoint ? 'iot-data' : undefined;
  if (!kind) throw new Error('Delivery is not configured: set MQTT_URL (local broker) or IOT_DATA_ENDPOINT (IoT Core)');
  const adapter = adapters.get(kind);
  if (!adapter) {
    throw new Error(
      `Delivery is configured for '${kind}', but no '${kind}' adapter is registered: a Lambda entry registers iot-data, the local runtime mqtt (infra/local/functions.ts)`,
    );
  }
  return adapter.create();
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

/**
 * The configured adapter's QoS 1 publish with fixed options, and how many it takes in flight:
 * resolved once for a fan-out's many publishes (no lookup and no options object per message).
 */
export async function qos1Publisher(options: Omit<PublishOptions, 'qos'>): Promise<{ publish: (topic: string, payload: string | Uint8Array) => Promise<void>; maxInFlight: number }> {
  const port = await delivery();
  const publishOptions: PublishOptions = { qos: 1, retain: options.retain };
  return { publish: (topic, payload) => port.publish(topic, payload, publishOptions), maxInFlight: port.maxInFlight };
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
