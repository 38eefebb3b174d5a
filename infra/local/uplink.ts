import { randomUUID } from 'node:crypto';
import { connect, type MqttClient } from 'mqtt';
import { uplinkRouteOf } from '@portal/shared/api/uplink-table';
import { parseEnvelope, topicRootOf, topicsFor } from '@portal/shared/devices/topics';
import { loadUplinkHandler } from './functions.ts';
import { createFileJournal } from './file-journal.ts';
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
/**
 * A failing handler is tried again, as Lambda's asynchronous invocation retries an IoT rule's
 * (twice, after about 1 and 2 minutes, then its dead-letter queue); here sooner and a little longer,
 * past a restart of DynamoDB Local (the soak's outages last about 7 s). Handlers are built for it:
 * an envelope id counts once (AP82). Dropped, an answer stayed unconfirmed on its watch for good
 * (soak seed 1, run 7: docs/reliability.md, Open 5).
 */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];

export interface LocalUplink {
  client: MqttClient;
  /** Resolves when every message received so far has been handled (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface UplinkOptions {
  url: string;
  internalToken: string;
  username?: string;
  topicRoot?: string;
  /** Where a kind's handler comes from; by default its module's uplink handler (tests pass their own). */
  load?: typeof loadUplinkHandler;
  /** The waits before each retry of a failed handler (tests shorten them). */
  retryDelaysMs?: readonly number[];
  /**
   * A fixed client id for a persistent session (clean=false): the broker keeps the uplink's
   * subscriptions, across restarts too with its sessions under DATA_DIR (decision 0065), and queues
   * for it what devices send while no uplink is connected. At a restart the watches reconnect, and
   * resend their unconfirmed answers, as soon as the broker can authorise them, seconds before the
   * uplink subscribes: with a clean session those answers were acknowledged to the watch and
   * dropped (no subscriber), and stayed without a reply (soak seed 1, docs/reliability.md, Open 7).
   * On AWS an IoT rule sees every message. Without it, a clean session under a random id (tests).
   */
  sessionId?: string;
  /**
   * Where each envelope waits, one file, from its receipt until its handler is done or gives up
   * (the runtime's `DATA_DIR/uplink-journal`): written before the broker is acknowledged, so a kill
   * of the portal loses no event the broker let go of (the soak's run 23, docs/reliability.md Open
   * 11); the next start hands on what it finds. On AWS an IoT rule's asynchronous invocation is
   * kept by Lambda. Handlers count an envelope id once (AP82), so one handled twice changes nothing.
   * Without it, in memory only (tests).
   */
  journalDir?: string;
}

/** An envelope as received, until handled. */
interface Received {
  topic: string;
  payload: string;
}

export async function startUplink(options: UplinkOptions): Promise<LocalUplink> {
  const load = options.load ?? loadUplinkHandler;
  const retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const { uplinkFilters } = topicsFor(options.topicRoot ?? topicRootOf(process.env.MQTT_TOPIC_ROOT));
  // Connected only once the message listener is on: a persistent session's queued messages come
  // right after the CONNACK.
  const client = connect(options.url, {
    clientId: options.sessionId ?? `portal-uplink-${randomUUID()}`,
    clean: !options.sessionId,
    username: options.username ?? 'portal',
    password: options.internalToken,
    reconnectPeriod: 1_000,
  });
  const queue = createWorkQueue(CONCURRENCY);
  /** Retries waiting for their time. */
  const retries = new Set<NodeJS.Timeout>();
  let stopped = false;

  const journal = options.journalDir ? createFileJournal<Received>(options.journalDir) : undefined;

  /** Hands one envelope to its kind's handler, retrying; forgotten once handled or given up on (not at a stop: the next start takes it up). */
  const handOn = (id: string, { topic, payload }: Received) => {
    const envelope = parseEnvelope(payload);
    const route = uplinkRouteOf(envelope?.data.kind);
    if (!envelope || !route) return journal?.forget(id);
    const attempt = (retried: number) => async () => {
      try {
        const handler = await load(route);
        // The IoT rule's shape: the envelope's fields plus topic().
        await handler({ ...envelope, topic });
        journal?.forget(id);
      } catch (error) {
        const wait = retryDelaysMs[retried];
        const what = `Uplink ${route.module} ${route.handler} failed for ${topic} (attempt ${retried + 1})`;
        if (stopped) return;
        if (wait === undefined) {
          logger.error(`${what}, dropped: ${(error as Error).message}`);
          journal?.forget(id);
          return;
        }
        logger.error(`${what}, trying again in ${wait} ms: ${(error as Error).message}`);
        const timer = setTimeout(() => {
          retries.delete(timer);
          queue.push(attempt(retried + 1));
        }, wait);
        timer.unref();
        retries.add(timer);
      }
    };
    queue.push(attempt(0));
  };
  // What a killed or stopped portal received and had not handled: handed on first.
  for (const { id, record } of journal?.left() ?? []) handOn(id, record);
  // Synchronous: mqtt.js acknowledges a QoS 1 message (PUBACK) after its 'message' listeners ran,
  // so the envelope is in the journal before the broker forgets it.
  client.on('message', (topic, payload) => {
    const id = randomUUID();
    const received: Received = { topic, payload: payload.toString('utf8') };
    journal?.remember(id, received);
    handOn(id, received);
  });
  await new Promise<void>((resolve, reject) => {
    const connected = () => {
      client.off('error', failed);
      resolve();
    };
    const failed = (error: Error) => {
      client.off('connect', connected);
      client.end(true);
      reject(error);
    };
    client.once('connect', connected);
    client.once('error', failed);
  });
  await client.subscribeAsync([...uplinkFilters], { qos: 1 });

  return {
    client,
    idle: queue.idle,
    stop: async () => {
      stopped = true;
      retries.forEach(clearTimeout);
      retries.clear();
      await client.endAsync(true);
    },
  };
}
