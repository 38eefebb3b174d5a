import { randomBytes, randomUUID } from 'node:crypto';
import { ErrorWithSubackPacket, connect, connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RegisteredDevice } from '@portal/shared/devices/device.schema';
import { parseEnvelope } from '@portal/shared/devices/topics';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { logger } from '../../functions/src/platform/logger.ts';
import { startBroker, type LocalBroker } from '../../infra/local/broker.ts';
import { freePort } from '../../infra/local/net-utils.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

/**
 * A device's credentials against the broker with the very hooks `npm start` uses: its own broker
 * on a free port, with the handlers publishing to it as the portal.
 */
let broker: LocalBroker;
const clients: MqttClient[] = [];

async function organisation(name: string) {
  const email = `${name}-${randomUUID()}@connect.test`;
  const userId = await createIdentity(email, 'Connect-Pass-1!');
  const orgId = await foundOrganization({ name, timeZone: 'Europe/Berlin', owner: ownerOf(userId, ['admin'], email) });
  return { orgId, userId, token: await signIn(email, 'Connect-Pass-1!') };
}

async function register(org: Awaited<ReturnType<typeof organisation>>, body: Record<string, unknown>): Promise<RegisteredDevice> {
  const answer = await callApi('devices', 'POST', `/api/organizations/${org.orgId}/devices`, { token: org.token, body: { device_id: `SN-${randomUUID()}`, ...body } });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function connectAs(credentials: { client_id: string; username: string; token: string }, overrides: IClientOptions = {}) {
  const client = await connectAsync(broker.tcpUrl, {
    clientId: credentials.client_id,
    username: credentials.username,
    password: credentials.token,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
    ...overrides,
  });
  clients.push(client);
  return client;
}

/** The QoS the broker granted in its SUBACK; mqtt.js reports a refusal (128) as an error carrying the SUBACK. */
async function granted(client: MqttClient, topic: string): Promise<number | undefined> {
  try {
    return (await client.subscribeAsync(topic, { qos: 1 }))[0]?.qos;
  } catch (error) {
    if (error instanceof ErrorWithSubackPacket) return error.packet.granted[0] as number;
    throw error;
  }
}

function nextMessage(client: MqttClient, topic: string) {
  return new Promise<{ payload: string; retain: boolean }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No message on ${topic}`)), 5_000);
    client.on('message', (received, payload, packet) => {
      if (received !== topic) return;
      clearTimeout(timer);
      resolve({ payload: payload.toString('utf8'), retain: packet.retain });
    });
  });
}

beforeAll(async () => {
  const internalToken = randomBytes(32).toString('base64url');
  broker = await startBroker(await freePort(), { internalToken });
  Object.assign(process.env, { MQTT_URL: broker.tcpUrl, MQTT_INTERNAL_TOKEN: internalToken });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await closeDelivery();
  await broker?.stop();
});

describe('device credentials against the local broker', () => {
  let org: Awaited<ReturnType<typeof organisation>>;
  let other: Awaited<ReturnType<typeof organisation>>;
  let tablet: RegisteredDevice;
  let watch: RegisteredDevice;

  beforeAll(async () => {
    [org, other] = await Promise.all([organisation('Connect'), organisation('Stranger')]);
    tablet = await register(org, { type: 'android_tablet', user_id: org.userId });
    watch = await register(other, {});
  });

  it("may subscribe to its own inbox and config, and is refused another organisation's and another device's topics", async () => {
    const client = await connectAs(tablet.credentials);
    const { inbox, config } = tablet.credentials.mqtt.topics;
    expect(await granted(client, inbox!)).toBe(1);
    expect(await granted(client, config)).toBe(1);
    expect(await granted(client, watch.credentials.mqtt.topics.config)).toBe(128);
    expect(await granted(client, `portal/v1/${other.orgId}/users/${other.userId}/inbox`)).toBe(128);
    expect(await granted(client, `portal/v1/${org.orgId}/users/someone-else/inbox`)).toBe(128);
    expect(await granted(client, `portal/v1/${org.orgId}/#`)).toBe(128);
    expect(client.connected).toBe(true);
  });

  it('cannot connect with a wrong token or the portal name (bad username or password), nor under another client id (identifier rejected)', async () => {
    await expect(connectAs({ ...tablet.credentials, token: 'wrong' })).rejects.toThrow(/Bad username or password/i);
    await expect(connectAs({ ...tablet.credentials, username: 'portal' })).rejects.toThrow(/Bad username or password/i);
    await expect(connectAs({ ...tablet.credentials, token: '' })).rejects.toThrow(/Bad username or password/i);
    await expect(connectAs({ ...tablet.credentials, client_id: watch.credentials.client_id })).rejects.toThrow(/Identifier rejected/i);
    await expect(connectAs({ ...tablet.credentials, client_id: `user-${org.userId}` })).rejects.toThrow(/Identifier rejected/i);
  });

  it('is refused an MQTT 5 CONNECT: the local broker speaks MQTT 3.1.1 (and 3.1) only', async () => {
    await expect(connectAs(tablet.credentials, { protocolVersion: 5 })).rejects.toThrow(/Unacceptable protocol version/i);
  });

  it('receives its settings as a retained config message, also when it subscribes after the change', async () => {
    const path = `/api/organizations/${org.orgId}/device-settings/${tablet.device.id}`;
    const { config } = tablet.credentials.mqtt.topics;
    const live = await connectAs(tablet.credentials);
    expect(await granted(live, config)).toBe(1);
    const arriving = new Promise<{ payload: string; retain: boolean }>((resolve) =>
      live.on('message', (_topic, payload, packet) => {
        const envelope = parseEnvelope(payload.toString('utf8'));
        if (envelope?.type === 'config' && (envelope.data as { power_settings?: { show_screen_status?: string } }).power_settings?.show_screen_status === 'scheduled') {
          resolve({ payload: payload.toString('utf8'), retain: packet.retain });
        }
      }),
    );

    const put = await callApi('devices', 'PUT', path, { token: org.token, body: { templateId: null, power_settings: { show_screen_status: 'scheduled' } } });
    expect(put.status).toBe(200);
    const message = parseEnvelope((await arriving).payload);
    expect(message).toMatchObject({
      v: 1,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'config',
      sent_at: expect.any(String),
      data: {
        id: tablet.device.id,
        device_id: tablet.device.device_id,
        type: 'android_tablet',
        user_id: org.userId,
        topics: tablet.credentials.mqtt.topics,
        templateId: null,
        power_settings: { show_screen_status: 'scheduled', show_screen_schedule: put.body.power_settings.show_screen_schedule },
        design_settings: null,
      },
    });

    // A new session (after a restart of the tablet) gets the last config at once, flagged retained.
    live.end(true);
    const later = await connectAs(tablet.credentials, { clean: true });
    const retained = nextMessage(later, config);
    expect(await granted(later, config)).toBe(1);
    const { payload, retain } = await retained;
    expect(retain).toBe(true);
    expect(parseEnvelope(payload)).toMatchObject({ id: message!.id, data: { power_settings: { show_screen_status: 'scheduled' } } });
  });

  it('may publish its events; a publish anywhere else closes its connection', async () => {
    const client = await connectAs(tablet.credentials);
    const listener = await connectAs({ client_id: `portal-${randomUUID()}`, username: 'portal', token: process.env.MQTT_INTERNAL_TOKEN! });
    const { events, config } = tablet.credentials.mqtt.topics;
    expect(await granted(listener, events)).toBe(1);
    const received = nextMessage(listener, events);
    await client.publishAsync(events, JSON.stringify({ v: 1, id: randomUUID(), type: 'button', sent_at: new Date().toISOString(), data: { at: new Date().toISOString() } }), { qos: 1 });
    expect(parseEnvelope((await received).payload)?.type).toBe('button');

    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(config, 'forged', { qos: 0, retain: true });
    await closed;
    expect(client.connected).toBe(false);
  });

  it('loses access with its old token once new credentials are issued', async () => {
    const reissued = await callApi('devices', 'POST', `/api/organizations/${org.orgId}/devices/${tablet.device.id}/credentials`, { token: org.token });
    expect(reissued.status).toBe(200);
    await expect(connectAs(tablet.credentials)).rejects.toThrow(/Bad username or password/i);
    const client = await connectAs(reissued.body.credentials);
    expect(await granted(client, reissued.body.credentials.mqtt.topics.config)).toBe(1);
  });
});

describe('client ids are bound to who connects', () => {
  let org: Awaited<ReturnType<typeof organisation>>;
  let device: RegisteredDevice;

  beforeAll(async () => {
    org = await organisation('Takeover');
    device = await register(org, { type: 'wear_os', user_id: org.userId });
  });

  /** Handlers attached before the CONNACK, so queued messages of a persistent session are not missed. */
  function session(options: IClientOptions) {
    const client = connect(broker.tcpUrl, { reconnectPeriod: 0, connectTimeout: 5_000, ...options });
    clients.push(client);
    const messages: Array<{ topic: string; payload: string }> = [];
    client.on('message', (topic, payload) => messages.push({ topic, payload: payload.toString('utf8') }));
    const connected = new Promise<{ sessionPresent: boolean }>((resolve, reject) => {
      client.once('connect', (connack) => resolve({ sessionPresent: connack.sessionPresent }));
      client.once('error', reject);
    });
    return { client, messages, connected };
  }

  const asDevice = (clean: boolean) =>
    session({ clientId: device.credentials.client_id, username: device.credentials.username, password: device.credentials.token, clean });

  it("a signed-in user cannot take a device's client id: refused (identifier rejected) before the device is cut off, its queued messages stay its own", async () => {
    const inbox = device.credentials.mqtt.topics.inbox!;
    const first = asDevice(false);
    await first.connected;
    await first.client.subscribeAsync(inbox, { qos: 1 });
    await first.client.endAsync();

    // Queued for the device's persistent session while it is offline.
    const portal = await connectAs({ client_id: `portal-${randomUUID()}`, username: 'portal', token: process.env.MQTT_INTERNAL_TOKEN! });
    const queued = JSON.stringify({ v: 1, id: randomUUID(), type: 'notification', sent_at: new Date().toISOString(), data: { kind: 'notification', notification_id: 'n-queued' } });
    await portal.publishAsync(inbox, queued, { qos: 1 });

    const warn = vi.spyOn(logger, 'warn');
    try {
      const thief = session({ clientId: device.credentials.client_id, username: 'user', password: org.token, clean: false });
      await expect(thief.connected).rejects.toThrow(/Identifier rejected/i);
      expect(thief.messages).toEqual([]);
      const events = warn.mock.calls.filter(([message]) => message === 'security: broker_connect_refused').map(([, line]) => line);
      expect(events).toContainEqual(
        expect.objectContaining({ security_event: 'broker_connect_refused', actor: org.userId, target: device.credentials.client_id, outcome: 'refused', detail: expect.stringMatching(/^client-id:/) }),
      );
      expect(JSON.stringify(warn.mock.calls)).not.toContain(org.token);
    } finally {
      warn.mockRestore();
    }

    // The device comes back to its session and gets what was queued for it.
    const back = asDevice(false);
    expect((await back.connected).sessionPresent).toBe(true);
    await vi.waitFor(() => expect(back.messages.map((m) => m.payload)).toContain(queued), { timeout: 5_000 });
  });

  it('a connected device is not cut off by a refused attempt on its client id', async () => {
    const live = asDevice(true);
    await live.connected;
    await expect(connectAs({ client_id: device.credentials.client_id, username: 'user', token: org.token })).rejects.toThrow(/Identifier rejected/i);
    await expect(connectAs({ client_id: device.credentials.client_id, username: 'portal', token: process.env.MQTT_INTERNAL_TOKEN! })).rejects.toThrow(/Identifier rejected/i);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(live.client.connected).toBe(true);
  });

  it("a user connects only as user-{sub} or user-{sub}-{suffix}, never as another user's", async () => {
    const other = await organisation('Takeover-Other');
    const own = await connectAs({ client_id: `user-${org.userId}`, username: 'user', token: org.token });
    expect(await granted(own, `portal/v1/${org.orgId}/users/${org.userId}/inbox`)).toBe(1);
    await connectAs({ client_id: `user-${org.userId}-tab2`, username: `user:${org.userId}`, token: org.token });
    await expect(connectAs({ client_id: `user-${other.userId}`, username: 'user', token: org.token })).rejects.toThrow(/Identifier rejected/i);
    await expect(connectAs({ client_id: `watch-${randomUUID()}`, username: 'user', token: org.token })).rejects.toThrow(/Identifier rejected/i);
    await expect(connectAs({ client_id: `user-${org.userId}`, username: 'user', token: 'not-a-token' })).rejects.toThrow(/Bad username or password/i);
  });
});
