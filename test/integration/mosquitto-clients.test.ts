import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { RegisteredDevice } from '@portal/shared/devices/device.schema';
import { parseEnvelope } from '@portal/shared/devices/topics';
import type { NotificationDto, NotificationStatus } from '@portal/shared/notifications/notification.schema';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

/**
 * A device that is nothing but Debian's mosquitto clients (`apt-get install mosquitto-clients`)
 * against the running local broker, MQTT 3.1.1, as the protocol document tells device makers:
 * connect, the retained config, the inbox, a receipt the portal counts, and the refusals.
 */
const runtime = inject('runtime');
const { hostname: host, port } = new URL(runtime.mqttTcpUrl);
const PASSWORD = 'Mosquitto-Pass-1!';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface Login {
  clientId: string;
  username: string;
  password: string;
}

/** A message line of `mosquitto_sub -F 'MSG|%r|%t|%p'` ('@' would start a date field): retained flag, topic, payload. */
const FORMAT = 'MSG|%r|%t|%p';

/** mosquitto's stdout is block-buffered into a pipe: read it when the process ends. */
function mosquitto(command: 'mosquitto_sub' | 'mosquitto_pub', login: Login, args: string[]) {
  const child = spawn(command, ['-h', host, '-p', port, '-V', 'mqttv311', '-i', login.clientId, '-u', login.username, '-P', login.password, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: Run = { code: null, stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (run.stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString('utf8')));
  const done = new Promise<Run>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error(`${command} is missing: apt-get install -y mosquitto-clients (README, prerequisites)`) : error),
    );
    child.once('close', (code) => resolve({ ...run, code }));
  });
  return { child, done };
}

const messagesOf = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('MSG|'))
    .map((line) => {
      const [, retained, topic, ...payload] = line.split('|');
      return { retained: retained === '1', topic, payload: payload.join('|') };
    });

const loginOf = (device: RegisteredDevice): Login => ({ clientId: device.credentials.client_id, username: device.credentials.username, password: device.credentials.token });

describe('a device made of mosquitto_sub and mosquitto_pub', () => {
  let orgId: string;
  let admin: { userId: string; token: string };
  let device: RegisteredDevice;

  beforeAll(async () => {
    const email = `mosquitto-${randomUUID().slice(0, 8)}@mosquitto.test`;
    const userId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Mosquitto Works', timeZone: 'Europe/Berlin', owner: ownerOf(userId, ['admin'], email) });
    admin = { userId, token: await signIn(email, PASSWORD) };
    const registered = await callApi('devices', 'POST', `/api/organizations/${orgId}/devices`, {
      token: admin.token,
      body: { device_id: `SN-${randomUUID()}`, type: 'wear_os', name: 'Mosquitto', user_id: admin.userId },
    });
    expect(registered.status).toBe(201);
    device = registered.body;
  });

  afterAll(async () => {
    await closeDelivery();
  });

  it('connects and receives its configuration as the retained message of its config topic', async () => {
    const { config } = device.credentials.mqtt.topics;
    const run = await mosquitto('mosquitto_sub', loginOf(device), ['-t', config, '-q', '1', '-C', '1', '-W', '10', '-F', FORMAT]).done;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const [message] = messagesOf(run.stdout);
    expect(message).toMatchObject({ retained: true, topic: config });
    expect(parseEnvelope(message!.payload)).toMatchObject({
      v: 1,
      type: 'config',
      data: { id: device.device.id, device_id: device.device.device_id, type: 'wear_os', user_id: admin.userId, topics: device.credentials.mqtt.topics },
    });
  });

  it("gets a notification in its user's inbox (queued in its persistent session while offline), and its receipt is counted for that user", async () => {
    const { inbox, events } = device.credentials.mqtt.topics;
    // A persistent session (-c) with a QoS 1 subscription, as the protocol recommends; -E leaves once subscribed.
    const subscribed = await mosquitto('mosquitto_sub', loginOf(device), ['-c', '-t', inbox!, '-q', '1', '-E']).done;
    expect(subscribed).toMatchObject({ code: 0, stderr: '' });

    const sent = await callApi('notifications', 'POST', `/api/organizations/${orgId}/notifications`, {
      token: admin.token,
      body: { content: { title: { text: 'Forklift' }, body: { text: 'Bay 3, now' } }, recipient_groups: [{ group_number: 0, recipients: [{ id: admin.userId, type: 'user' }] }] },
    });
    // Accepted: delivered through the delivery queue (decision 0020).
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const notification = sent.body as NotificationDto;

    // Back online: the message sent meanwhile arrives.
    const run = await mosquitto('mosquitto_sub', loginOf(device), ['-c', '-t', inbox!, '-q', '1', '-C', '1', '-W', '10', '-F', FORMAT]).done;
    expect(run.code, run.stderr).toBe(0);
    const [message] = messagesOf(run.stdout);
    expect(message).toMatchObject({ retained: false, topic: inbox });
    expect(parseEnvelope(message!.payload)).toMatchObject({ type: 'notification', data: { kind: 'notification', notification_id: notification.id, title: 'Forklift', body: 'Bay 3, now' } });

    const receipt = { v: 1, id: randomUUID(), type: 'event', sent_at: new Date().toISOString(), data: { kind: 'notification', notification_id: notification.id, event: 'received', at: new Date().toISOString() } };
    const pub = await mosquitto('mosquitto_pub', loginOf(device), ['-t', events, '-q', '1', '-m', JSON.stringify(receipt)]).done;
    expect(pub).toMatchObject({ code: 0, stderr: '' });

    const status = async () =>
      (await callApi('notifications', 'GET', `/api/organizations/${orgId}/notifications/${notification.id}/status`, { token: admin.token })).body as NotificationStatus;
    await vi.waitFor(async () => expect((await status()).received_user_ids).toEqual([admin.userId]), { timeout: 8_000, interval: 100 });
    expect((await status()).read_user_ids).toEqual([]);
  });

  it('is refused with a wrong password: CONNACK 4, bad user name or password', async () => {
    const run = await mosquitto('mosquitto_sub', { ...loginOf(device), password: 'not-the-token' }, ['-t', device.credentials.mqtt.topics.config, '-C', '1', '-W', '5']).done;
    expect(run.stderr).toMatch(/Connection Refused: bad user name or password/);
    expect(run.code).toBe(4);
  });

  it("is refused under another client id, even with valid credentials: CONNACK 2, identifier rejected (a user's ID token too)", async () => {
    const foreign = await mosquitto('mosquitto_sub', { ...loginOf(device), clientId: `d${randomUUID().replace(/-/g, '')}` }, ['-t', device.credentials.mqtt.topics.config, '-C', '1', '-W', '5']).done;
    expect(foreign.stderr).toMatch(/Connection Refused: identifier rejected/);
    expect(foreign.code).toBe(2);

    const takeover = await mosquitto('mosquitto_sub', { clientId: device.credentials.client_id, username: 'user', password: admin.token }, ['-t', device.credentials.mqtt.topics.inbox!, '-C', '1', '-W', '5']).done;
    expect(takeover.stderr).toMatch(/Connection Refused: identifier rejected/);
    expect(takeover.code).toBe(2);
  });

  it('is refused a wildcard subscription, even one covering only its own topics (SUBACK 128)', async () => {
    for (const filter of [`portal/v1/${orgId}/#`, `portal/v1/${orgId}/devices/${device.device.id}/+`]) {
      const run = await mosquitto('mosquitto_sub', loginOf(device), ['-t', filter, '-q', '1', '-C', '1', '-W', '5']).done;
      expect(run.stdout + run.stderr).toMatch(/All subscription requests were denied/);
      expect(messagesOf(run.stdout)).toEqual([]);
    }
  });

  it('is refused an MQTT 5 CONNECT: the local broker speaks MQTT 3.1.1', async () => {
    const child = spawn('mosquitto_pub', ['-h', host, '-p', port, '-V', 'mqttv5', ...['-i', device.credentials.client_id, '-u', device.credentials.username, '-P', device.credentials.token], '-t', device.credentials.mqtt.topics.events, '-m', '{}']);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(output).toMatch(/Unsupported Protocol Version/);
    expect(code).not.toBe(0);
  });
});
