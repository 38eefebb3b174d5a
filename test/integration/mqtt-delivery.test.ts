import { randomBytes, randomUUID } from 'node:crypto';
import { connectAsync } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { createMqttDelivery, PORTAL_MQTT_USERNAME } from '../../functions/src/platform/delivery/mqtt.adapter.ts';
import { startBroker, type LocalBroker } from '../../infra/local/broker.ts';
import { freePort } from '../../infra/local/net-utils.ts';

/** The local delivery adapter against the real broker (aedes), as the local runtime uses them. */
const internalToken = randomBytes(32).toString('base64url');
let broker: LocalBroker | undefined;
afterEach(async () => {
  await broker?.stop();
  broker = undefined;
});

describe('the MQTT delivery adapter', () => {
  it('has a whole fan-out in flight on one connection and resolves each publish on its PUBACK', async () => {
    broker = await startBroker(await freePort(), { internalToken });
    const watch = await connectAsync(broker.tcpUrl, { username: PORTAL_MQTT_USERNAME, password: internalToken, clientId: `portal-test-${randomUUID()}`, reconnectPeriod: 0 });
    await watch.subscribeAsync('test/inbox/+', { qos: 1 });
    const received = new Set<string>();
    watch.on('message', (topic) => received.add(topic));
    const delivery = createMqttDelivery(broker.tcpUrl, internalToken);

    const topics = Array.from({ length: 2_000 }, (_, i) => `test/inbox/${i}`);
    await Promise.all(topics.map((topic) => delivery.publish(topic, '{"v":1}', { qos: 1, retain: false })));
    await expect.poll(() => received.size).toBe(2_000);

    await delivery.close();
    await watch.endAsync();
  });

  it('fails the waiting publishes when the broker acknowledges nothing for the stall time, and connects again for the next', async () => {
    const port = await freePort();
    broker = await startBroker(port, { internalToken });
    const delivery = createMqttDelivery(broker.tcpUrl, internalToken, { stallMs: 400 });
    await delivery.publish('test/inbox/first', 'x', { qos: 1, retain: false });

    await broker.stop();
    broker = undefined;
    const waiting = Promise.allSettled([1, 2, 3].map((i) => delivery.publish(`test/inbox/${i}`, 'x', { qos: 1, retain: false })));
    const outcomes = await waiting;
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((outcomes[0] as PromiseRejectedResult).reason.message).toMatch(/acknowledged nothing for 400 ms with 3 publishes waiting/);

    broker = await startBroker(port, { internalToken });
    await delivery.publish('test/inbox/again', 'x', { qos: 1, retain: false });
    await delivery.close();
  });

  it('closes, failing what still waits, when the broker is gone with publishes waiting', async () => {
    // mqtt.js's graceful end waits for every publish in flight to be acknowledged, and after it no
    // longer reconnects: with the broker gone it waited forever, and so did the runtime's stop
    // (the soak's portal ignored Ctrl-C, stop 38). The stall time bounds it.
    broker = await startBroker(await freePort(), { internalToken });
    const delivery = createMqttDelivery(broker.tcpUrl, internalToken, { stallMs: 400 });
    await delivery.publish('test/inbox/first', 'x', { qos: 1, retain: false });
    await broker.stop();
    broker = undefined;
    const waiting = Promise.allSettled([1, 2].map((i) => delivery.publish(`test/inbox/${i}`, 'x', { qos: 1, retain: false })));

    await delivery.close();
    expect((await waiting).map((o) => o.status)).toEqual(['rejected', 'rejected']);
  }, 10_000);
});
