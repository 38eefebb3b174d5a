import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { createEnvelope, topicsFor } from '@portal/shared/devices/topics';
import { startBroker, type BrokerAuthenticator, type LocalBroker } from './broker.ts';
import { startUplink, type LocalUplink } from './uplink.ts';

/**
 * The local stand-in for the IoT rules (uplink.ts): an event whose handler fails is tried again, as
 * Lambda's asynchronous invocation retries on AWS. Dropped after one failure, a watch's answer sent
 * while DynamoDB Local was down was never counted nor replied to (soak seed 1, run 7;
 * docs/reliability.md, Open 5).
 */

const everyone: BrokerAuthenticator = async () => ({ principal: 'test', maySubscribe: () => true, mayPublish: () => true });
const { deviceEvents } = topicsFor();

const started: Array<{ stop(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const s of started.splice(0).reverse()) await s.stop();
});

async function setUp(handler: (event: Record<string, unknown>) => Promise<unknown>, retryDelaysMs: readonly number[]) {
  const broker: LocalBroker = await startBroker(0, { authenticators: [everyone] });
  started.push(broker);
  const uplink: LocalUplink = await startUplink({ url: broker.tcpUrl, internalToken: 'test', load: async () => handler, retryDelaysMs });
  started.push(uplink);
  const watch = await mqtt.connectAsync(broker.tcpUrl, { clientId: `w-${randomUUID()}`, username: 'w', password: 'w', reconnectPeriod: 0 });
  started.push({ stop: () => watch.endAsync(true) });
  const publish = (id: string) => watch.publishAsync(deviceEvents('o1', 'w1'), JSON.stringify(createEnvelope('accepted', { kind: 'action', action_id: 'a1' }, id)), { qos: 1 });
  return { publish };
}

const waitFor = async (check: () => boolean, timeoutMs = 5_000) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('Timed out waiting');
    await new Promise((done) => setTimeout(done, 20));
  }
};

describe('the local uplink', () => {
  it('tries a failing handler again until it succeeds, as Lambda retries an IoT rule', async () => {
    const calls: string[] = [];
    let handled = false;
    const { publish } = await setUp(async (event) => {
      calls.push(event.id as string);
      if (calls.length <= 3) throw new Error('connect ECONNREFUSED (DynamoDB Local down)');
      handled = true;
    }, [50, 50, 50, 50, 50]);
    const id = randomUUID();
    await publish(id);
    await waitFor(() => handled);
    expect(calls).toEqual([id, id, id, id]);
  });

  it('drops an event whose handler still fails after the last retry', async () => {
    let calls = 0;
    const { publish } = await setUp(async () => {
      calls++;
      throw new Error('always');
    }, [30, 30]);
    await publish(randomUUID());
    await waitFor(() => calls === 3);
    await new Promise((done) => setTimeout(done, 300));
    expect(calls).toBe(3);
  });
  it("hands on, with a persistent session, what a watch sent after a restart of the broker before the uplink was back", async () => {
    // At a restart the watches reconnect and resend their unconfirmed answers as soon as the broker
    // authorises them, before the runtime's uplink subscribes: with a clean session the broker
    // acknowledged and dropped them (soak seed 1, docs/reliability.md, Open 7).
    const sessionsDir = mkdtempSync(join(tmpdir(), 'uplink-session-'));
    started.push({ stop: async () => rmSync(sessionsDir, { recursive: true, force: true }) });
    const seen: string[] = [];
    const handler = async (event: Record<string, unknown>) => void seen.push(event.id as string);
    const first = await startBroker(0, { authenticators: [everyone], sessionsDir });
    const uplink = await startUplink({ url: first.tcpUrl, internalToken: 'test', load: async () => handler, sessionId: 'portal-uplink' });
    await uplink.stop();
    await first.stop();

    const second = await startBroker(0, { authenticators: [everyone], sessionsDir });
    started.push(second);
    const watch = await mqtt.connectAsync(second.tcpUrl, { clientId: `w-${randomUUID()}`, username: 'w', password: 'w', reconnectPeriod: 0 });
    started.push({ stop: () => watch.endAsync(true) });
    const id = randomUUID();
    await watch.publishAsync(deviceEvents('o1', 'w1'), JSON.stringify(createEnvelope('accepted', { kind: 'action', action_id: 'a1' }, id)), { qos: 1 });
    const again = await startUplink({ url: second.tcpUrl, internalToken: 'test', load: async () => handler, sessionId: 'portal-uplink' });
    started.push(again);
    await waitFor(() => seen.length > 0);
    await again.idle();
    expect(seen).toEqual([id]);
  });

  it('keeps what it received and had not handled when it stops (a kill), and the next uplink on the journal hands it on', async () => {
    const journalDir = mkdtempSync(join(tmpdir(), 'uplink-journal-'));
    started.push({ stop: async () => rmSync(journalDir, { recursive: true, force: true }) });
    const broker = await startBroker(0, { authenticators: [everyone] });
    started.push(broker);
    const received: string[] = [];
    // The first uplink's handler never finishes: the portal is killed while it runs.
    const first = await startUplink({
      url: broker.tcpUrl,
      internalToken: 'test',
      journalDir,
      load: async () => (event) => {
        received.push(event.id as string);
        return new Promise(() => undefined);
      },
    });
    const watch = await mqtt.connectAsync(broker.tcpUrl, { clientId: `w-${randomUUID()}`, username: 'w', password: 'w', reconnectPeriod: 0 });
    started.push({ stop: () => watch.endAsync(true) });
    const id = randomUUID();
    await watch.publishAsync(deviceEvents('o1', 'w1'), JSON.stringify(createEnvelope('accepted', { kind: 'action', action_id: 'a1' }, id)), { qos: 1 });
    await waitFor(() => received.length > 0);
    await first.stop();
    expect(readdirSync(journalDir)).toHaveLength(1);

    const seen: string[] = [];
    const again = await startUplink({ url: broker.tcpUrl, internalToken: 'test', journalDir, load: async () => async (event) => void seen.push(event.id as string) });
    started.push(again);
    await waitFor(() => seen.length > 0);
    await again.idle();
    expect(seen).toEqual([id]);
    expect(readdirSync(journalDir)).toEqual([]);
  });
});
