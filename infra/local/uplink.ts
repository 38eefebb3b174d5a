import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { uplinkRouteOf } from '@portal/shared/api/uplink-table';
import { parseEnvelope, topicRootOf, topicsFor } from '@portal/shared/devices/topics';
import { loadUplinkHandler } from './functions.ts';
import { logger } from './log.ts';
import { createWorkQueue } from './work-queue.ts';

/**
 * The local stand-in for the IoT rules that route uplink to Lambdas: on AWS each row of the uplink
 * table (shared/src/api/uplink-table.ts) is a rule `SELECT *, topic() AS topic FROM
 * '{root}/+/+/+/events' WHERE data.kind = '<kind>'` (infra/aws/module-events.construct.ts). Here
 * one internal client subscribes to the events topics of devices and of users under the
 * deployment's topic root (MQTT_TOPIC_ROOT, decision 0011), and hands each envelope, with its
 * topic, to the handler of its kind's row; a kind without a row is dropped, as no rule matches it.
 */

/** Handler calls in flight: a wave of receipts queues here instead of flooding DynamoDB Local. */
const CONCURRENCY = 32;

export interface LocalUplink {
  client: MqttClient;
  /** Resolves when every message received so far has been handled (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export async function startUplink(options: { url: string; internalToken: string; username?: string; topicRoot?: string }): Promise<LocalUplink> {
  const { uplinkFilters } = topicsFor(options.topicRoot ?? topicRootOf(process.env.MQTT_TOPIC_ROOT));
  const client = await connectAsync(options.url, {
    clientId: `portal-uplink-${randomUUID()}`,
    username: options.username ?? 'portal',
    password: options.internalToken,
    reconnectPeriod: 1_000,
  });
  const queue = createWorkQueue(CONCURRENCY);

  client.on('message', (topic, payload) => {
    const envelope = parseEnvelope(payload.toString('utf8'));
    const route = uplinkRouteOf(envelope?.data.kind);
    if (!envelope || !route) return;
    queue.push(async () => {
      try {
        const handler = await loadUplinkHandler(route);
        // The IoT rule's shape: the envelope's fields plus topic().
        await handler({ ...envelope, topic });
      } catch (error) {
        logger.error(`Uplink ${route.module} ${route.handler} failed for ${topic}: ${(error as Error).message}`);
      }
    });
  });
  await client.subscribeAsync([...uplinkFilters], { qos: 1 });

  return {
    client,
    idle: queue.idle,
    stop: async () => {
      await client.endAsync(true);
    },
  };
}
