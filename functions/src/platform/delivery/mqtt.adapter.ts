import { randomUUID } from 'node:crypto';
import { connect, type IClientPublishOptions, type MqttClient } from 'mqtt';
import { logger } from '../logger.ts';
import type { DeliveryPort } from './delivery.port.ts';

/** The broker lets this username publish and subscribe anywhere, with the runtime's internal token. */
export const PORTAL_MQTT_USERNAME = 'portal';
/** A connection that acknowledges nothing for this long while publishes wait is given up. */
export const STALL_MS = 5_000;

interface Connection {
  client: MqttClient;
  /** Settles with the first CONNACK; a refused CONNECT rejects (and ends the client: no endless retries). */
  ready: Promise<void>;
  connected: boolean;
  /** Each waiting publish's reject, to fail them all at once when the connection stalls. */
  waiting: Set<(error: Error) => void>;
  /** When the broker last acknowledged a publish (or the first of the waiting ones started). */
  progressAt: number;
  watchdog?: NodeJS.Timeout;
  /** Resolves once the connection is given up (drop): what waits on it waits no longer. */
  dropped: Promise<void>;
  markDropped: () => void;
}

function open(url: string, internalToken: string, stallMs: number): Connection {
  const client = connect(url, {
    clientId: `portal-${randomUUID()}`,
    username: PORTAL_MQTT_USERNAME,
    password: internalToken,
    connectTimeout: stallMs,
    reconnectPeriod: 1_000,
  });
  let markDropped!: () => void;
  const dropped = new Promise<void>((resolve) => (markDropped = resolve));
  const connection: Connection = { client, ready: Promise.resolve(), connected: false, waiting: new Set(), progressAt: 0, dropped, markDropped };
  connection.ready = new Promise<void>((resolve, reject) => {
    let settled = false;
    client.on('error', (error) => {
      if (settled) return logger.warn('MQTT delivery connection error', { error: error.message });
      settled = true;
      client.end(true);
      reject(error);
    });
    client.once('connect', () => {
      settled = true;
      connection.connected = true;
      resolve();
    });
  });
  connection.ready.catch(() => undefined);
  return connection;
}

/**
 * Local adapter: one MQTT connection per process to the aedes broker, opened on the first publish.
 * A publish waits as long as the connection makes progress: a whole fan-out is in flight at once,
 * so the last PUBACK of 5,000 may come seconds after its publish started on a busy machine, which
 * is no fault. A connection that acknowledges nothing for STALL_MS while publishes wait is dropped
 * with all of them (one watchdog per connection, not a timer per message), and the next publish
 * opens a new one.
 */
export function createMqttDelivery(url: string, internalToken: string, { stallMs = STALL_MS }: { stallMs?: number } = {}): DeliveryPort {
  let connection: Connection | undefined;

  function drop(current: Connection, error: Error): void {
    if (connection === current) connection = undefined;
    clearInterval(current.watchdog);
    current.watchdog = undefined;
    const waiting = [...current.waiting];
    current.waiting.clear();
    current.client.end(true);
    // A client already ending gracefully (close) ignores end(true): its socket is cut here.
    current.client.stream?.destroy();
    current.markDropped();
    waiting.forEach((reject) => reject(error));
  }

  function watch(current: Connection): void {
    current.progressAt = performance.now();
    current.watchdog ??= setInterval(() => {
      if (current.waiting.size === 0) {
        clearInterval(current.watchdog);
        current.watchdog = undefined;
      } else if (performance.now() - current.progressAt >= stallMs) {
        drop(current, new Error(`MQTT delivery: the broker acknowledged nothing for ${stallMs} ms with ${current.waiting.size} publishes waiting`));
      }
    }, stallMs / 5);
    current.watchdog.unref();
  }

  function send(current: Connection, topic: string, payload: string | Buffer, options: IClientPublishOptions): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (current.waiting.size === 0) watch(current);
      current.waiting.add(reject);
      current.client.publish(topic, payload, options, (error) => {
        if (!current.waiting.delete(reject)) return; // dropped meanwhile: already rejected
        current.progressAt = performance.now();
        if (error) reject(error);
        else resolve();
      });
    });
  }

  return {
    // One connection to an in-process broker: a 5,000-recipient fan-out goes out in one go.
    maxInFlight: 5_000,
    async publish(topic, payload, options) {
      const current = (connection ??= open(url, internalToken, stallMs));
      if (!current.connected) {
        try {
          await withTimeout(current.ready, `Connecting to ${url}`, stallMs);
        } catch (error) {
          drop(current, error as Error);
          throw error;
        }
      }
      // A string goes as it is (mqtt.js encodes it once); bytes as a Buffer view, not a copy.
      const body = typeof payload === 'string' ? payload : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
      try {
        await send(current, topic, body, { qos: options.qos, retain: options.retain });
      } catch (error) {
        drop(current, error as Error);
        throw error;
      }
    },
    async close() {
      const current = connection;
      connection = undefined;
      if (!current) return;
      // mqtt.js's graceful end waits for the publishes in flight to be acknowledged, and no longer
      // reconnects: with the broker gone it waited for ever, and the runtime's stop with it (the
      // soak's portal ignored Ctrl-C, stop 38). The watchdog gives the connection up when nothing
      // is acknowledged for the stall time, and the close with it; what still waits then fails.
      await Promise.race([current.client.endAsync(), current.dropped]);
      drop(current, new Error('MQTT delivery connection closed'));
    },
  };
}

async function withTimeout<T>(work: Promise<T>, what: string, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
