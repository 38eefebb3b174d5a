import { randomUUID } from 'node:crypto';
import { connect, type MqttClient } from 'mqtt';
import { logger } from '../logger.ts';
import type { DeliveryPort } from './delivery.port.ts';

/** The broker lets this username publish and subscribe anywhere, with the runtime's internal token. */
export const PORTAL_MQTT_USERNAME = 'portal';
const TIMEOUT_MS = 5_000;

interface Connection {
  client: MqttClient;
  /** Settles with the first CONNACK; a refused CONNECT rejects (and ends the client: no endless retries). */
  ready: Promise<void>;
}

function open(url: string, internalToken: string): Connection {
  const client = connect(url, {
    clientId: `portal-${randomUUID()}`,
    username: PORTAL_MQTT_USERNAME,
    password: internalToken,
    connectTimeout: TIMEOUT_MS,
    reconnectPeriod: 1_000,
  });
  const ready = new Promise<void>((resolve, reject) => {
    let settled = false;
    client.on('error', (error) => {
      if (settled) return logger.warn('MQTT delivery connection error', { error: error.message });
      settled = true;
      client.end(true);
      reject(error);
    });
    client.once('connect', () => {
      settled = true;
      resolve();
    });
  });
  ready.catch(() => undefined);
  return { client, ready };
}

/**
 * Local adapter: one MQTT connection per process to the aedes broker, opened on the first publish.
 * A connection that failed or timed out is dropped, so the next publish opens a new one.
 */
export function createMqttDelivery(url: string, internalToken: string): DeliveryPort {
  let connection: Connection | undefined;
  return {
    // One connection to an in-process broker: a 5,000-recipient fan-out goes out in one go.
    maxInFlight: 5_000,
    async publish(topic, payload, options) {
      const current = (connection ??= open(url, internalToken));
      try {
        await withTimeout(
          // A string goes as it is (mqtt.js encodes it once); bytes as a Buffer view, not a copy.
          current.ready.then(() => current.client.publishAsync(topic, typeof payload === 'string' ? payload : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength), { qos: options.qos, retain: options.retain })),
          `Publish to ${topic}`,
        );
      } catch (error) {
        if (connection === current) connection = undefined;
        current.client.end(true);
        throw error;
      }
    },
    async close() {
      const current = connection;
      connection = undefined;
      await current?.client.endAsync();
    },
  };
}

async function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
