import { randomBytes, randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userClientId } from '@portal/shared/devices/client-ids';
import type { DeviceListItem, RegisteredDevice } from '@portal/shared/devices/device.schema';
import { presenceOfUsers } from '../../functions/src/devices/public.ts';
import { handler as presenceHandler } from '../../functions/src/devices/presence.handler.ts';
import { getUserPresences } from '../../functions/src/devices/presence.repository.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { ensureAccount } from '../../functions/src/platform/tenancy/user-accounts.repository.ts';
import { startBroker, type LocalBroker } from '../../infra/local/broker.ts';
import { freePort } from '../../infra/local/net-utils.ts';
import { trackPresence, type LocalPresence } from '../../infra/local/presence.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

/**
 * Presence with the very hooks `npm start` uses: a broker of its own on a free port whose client
 * events go to the devices' presence handler (infra/local/presence.ts), then what the devices list
 * and `presenceOfUsers` say. The ordering rule is driven through the handler with IoT Core's
 * lifecycle event shape, events out of order and repeated.
 */
let broker: LocalBroker;
let presence: LocalPresence;
const clients: MqttClient[] = [];
const password = 'Presence-Pass-1!';

async function organisation(name: string) {
  const email = `${name}-${randomUUID()}@presence.test`;
  const userId = await createIdentity(email, password);
  const owner = ownerOf(userId, ['admin'], email);
  // Sign-up writes the owner's account beside the organisation (sign-up.service.ts).
  await ensureAccount(owner);
  const orgId = await foundOrganization({ name, timeZone: 'Europe/Berlin', owner });
  return { orgId, userId, email, token: await signIn(email, password) };
}

async function register(org: Awaited<ReturnType<typeof organisation>>, userId?: string): Promise<RegisteredDevice> {
  const body = { device_id: `SN-${randomUUID()}`, ...(userId ? { user_id: userId } : {}) };
  const answer = await callApi('devices', 'POST', `/api/organizations/${org.orgId}/devices`, { token: org.token, body });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function connect(clientId: string, username: string, token: string) {
  const client = await connectAsync(broker.tcpUrl, { clientId, username, password: token, reconnectPeriod: 0, connectTimeout: 5_000 });
  clients.push(client);
  return client;
}

async function listed(org: Awaited<ReturnType<typeof organisation>>, id: string): Promise<DeviceListItem> {
  const answer = await callApi('devices', 'GET', `/api/organizations/${org.orgId}/devices`, { token: org.token });
  expect(answer.status).toBe(200);
  return (answer.body.items as DeviceListItem[]).find((item) => item.id === id)!;
}

const lifecycle = (clientId: string, eventType: 'connected' | 'disconnected', versionNumber: number, timestamp: number) => ({
  clientId,
  eventType,
  versionNumber,
  timestamp,
  sessionIdentifier: randomUUID(),
  principalIdentifier: 'principal',
});

beforeAll(async () => {
  broker = await startBroker(await freePort(), { internalToken: randomBytes(32).toString('base64url') });
  presence = trackPresence(broker.broker, Promise.resolve());
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await presence?.stop();
  await closeDelivery();
  await broker?.stop();
});

describe('device presence from the local broker', () => {
  it('shows a device online while it is connected and offline, last seen at its disconnect, after', async () => {
    const org = await organisation('Presence Shop');
    const { device, credentials } = await register(org);
    expect(await listed(org, device.id)).toMatchObject({ online: false, last_seen_at: null });

    const before = Date.now();
    const client = await connect(credentials.client_id, credentials.username, credentials.token);
    await presence.idle();
    const online = await listed(org, device.id);
    expect(online.online).toBe(true);
    expect(Date.parse(online.last_seen_at!)).toBeGreaterThanOrEqual(before - 1);

    await client.endAsync();
    await presence.idle();
    const offline = await listed(org, device.id);
    expect(offline.online).toBe(false);
    expect(Date.parse(offline.last_seen_at!)).toBeGreaterThanOrEqual(Date.parse(online.last_seen_at!));
  });

  it("reports the user a device serves as reachable, and a watch emulator's connections while any is open", async () => {
    const org = await organisation('Presence Users');
    // Someone without a device who never opened the watch emulator.
    const staff = randomUUID();
    const { credentials } = await register(org, org.userId);

    let map = await presenceOfUsers(org.orgId, [org.userId, staff]);
    expect(map.get(org.userId)).toEqual({ has_device: true, online: false, last_seen_at: null });
    expect(map.get(staff)).toEqual({ has_device: false, online: false, last_seen_at: null });

    const device = await connect(credentials.client_id, credentials.username, credentials.token);
    // The owner's own watch emulator, in two tabs: one row per connection, one count per person.
    const ownerToken = await signIn(org.email, password);
    const tabs = await Promise.all(['tabA', 'tabB'].map((suffix) => connect(userClientId(org.userId, suffix), 'user', ownerToken)));
    await presence.idle();
    map = await presenceOfUsers(org.orgId, [org.userId]);
    expect(map.get(org.userId)).toMatchObject({ has_device: true, online: true });

    await device.endAsync();
    await tabs[0]!.endAsync();
    await presence.idle();
    expect((await presenceOfUsers(org.orgId, [org.userId])).get(org.userId)).toMatchObject({ has_device: true, online: true });
    await tabs[1]!.endAsync();
    await presence.idle();
    const gone = (await presenceOfUsers(org.orgId, [org.userId])).get(org.userId)!;
    expect(gone).toMatchObject({ has_device: true, online: false });
    expect(gone.last_seen_at).not.toBeNull();
  });
});

describe('presence ordering against DynamoDB Local', () => {
  it('never lets a late disconnect of an older connection override a newer connect of a device', async () => {
    const org = await organisation('Presence Order');
    const { device, credentials } = await register(org);
    const id = credentials.client_id;
    const t0 = Date.parse('2026-01-01T10:00:00.000Z');
    expect(await presenceHandler(lifecycle(id, 'connected', 7, t0))).toEqual({ outcome: 'recorded' });
    expect(await presenceHandler(lifecycle(id, 'connected', 8, t0 + 60_000))).toEqual({ outcome: 'recorded' });
    // Connection 7's disconnect (IoT Core: DUPLICATE_CLIENTID) arrives last.
    expect(await presenceHandler({ ...lifecycle(id, 'disconnected', 7, t0 + 61_000), disconnectReason: 'DUPLICATE_CLIENTID' })).toEqual({ outcome: 'stale' });
    expect(await listed(org, device.id)).toMatchObject({ online: true, last_seen_at: '2026-01-01T10:01:00.000Z' });
    // Connection 9's disconnect before its connect: it stays closed.
    expect(await presenceHandler(lifecycle(id, 'disconnected', 9, t0 + 120_000))).toEqual({ outcome: 'recorded' });
    expect(await presenceHandler(lifecycle(id, 'connected', 9, t0 + 90_000))).toEqual({ outcome: 'stale' });
    expect(await listed(org, device.id)).toMatchObject({ online: false, last_seen_at: '2026-01-01T10:02:00.000Z' });
  });

  it("counts a person's connections exactly, whatever the order and the repeats of their events", async () => {
    const { userId, orgId } = await organisation('counted');
    const [a, b] = [userClientId(userId, 'a'), userClientId(userId, 'b')];
    const t0 = Date.parse('2026-01-01T10:00:00.000Z');
    const events = [
      lifecycle(a, 'connected', 1, t0),
      lifecycle(b, 'disconnected', 1, t0 + 5_000),
      lifecycle(b, 'connected', 1, t0 + 1_000),
      lifecycle(a, 'connected', 1, t0),
      lifecycle(a, 'disconnected', 1, t0 + 3_000),
      lifecycle(a, 'connected', 2, t0 + 4_000),
    ];
    // Repeats at once, as IoT Core may deliver them.
    await Promise.all([...events, ...events].map((event) => presenceHandler(event)));
    expect((await presenceOfUsers(orgId, [userId])).get(userId)).toEqual({ has_device: false, online: true, last_seen_at: '2026-01-01T10:00:05.000Z' });
    await presenceHandler(lifecycle(a, 'disconnected', 2, t0 + 9_000));
    expect((await presenceOfUsers(orgId, [userId])).get(userId)).toEqual({ has_device: false, online: false, last_seen_at: '2026-01-01T10:00:09.000Z' });
  });

  it('drops what is no connect or disconnect of a known client', async () => {
    expect(await presenceHandler({ clientId: 'x', eventType: 'connect_failed', timestamp: 1, versionNumber: 0 })).toEqual({ outcome: 'ignored' });
    expect(await presenceHandler(lifecycle('portal-uplink-1', 'connected', 1, Date.now()))).toEqual({ outcome: 'unknown-client' });
    expect(await presenceHandler(lifecycle('d01jn4z5q8v3k9t2b7c6d5e4f3g', 'connected', 1, Date.now()))).toEqual({ outcome: 'unknown-client' });
    // A watch emulator of another deployment in the same AWS account: IoT Core reports every
    // client of the account, but this table has no such person, so nothing is written for them.
    const stranger = randomUUID();
    expect(await presenceHandler(lifecycle(userClientId(stranger, 'tab'), 'connected', 1, Date.now()))).toEqual({ outcome: 'unknown-client' });
    expect((await getUserPresences([stranger])).length).toBe(0);
  });
});
