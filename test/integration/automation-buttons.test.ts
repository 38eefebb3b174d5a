import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FiringDto } from '@portal/shared/automation/automation.schema';
import type { DeviceConfigData } from '@portal/shared/devices/device-config';
import { buttonEventEnvelope } from '@portal/shared/devices/button-messages';
import { createEnvelope, parseEnvelope, topicsFor } from '@portal/shared/devices/topics';
import { DEFAULT_WATCH_SETTINGS } from '@portal/shared/settings/watch-settings.schema';
import { handler as buttonUplink } from '../../functions/src/automation/uplink.handler.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { insertUser } from '../../functions/src/users/users.repository.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * Buttons on devices (issue 16, docs/device-protocol.md §5) against DynamoDB Local and the broker:
 * a kiosk tablet's press maps through its trigger group of general settings, a watch's and the
 * watch emulator's through the user's trigger menu; presses outside the group fire nothing; the
 * config message carries the trigger menu and the watch settings, and follows their changes.
 */
const runtime = inject('runtime');
const topics = topicsFor('portal/v1');
const PASSWORD = 'Buttons-Pass-1!';

/** Retained and live config messages of devices, as the device would get them. */
function configWatcher() {
  const received = new Map<string, DeviceConfigData[]>();
  let client: MqttClient | undefined;
  return {
    async start() {
      client = await connectAsync(runtime.mqttTcpUrl, { username: 'portal', password: runtime.mqttInternalToken, clientId: `portal-buttons-${randomUUID()}`, reconnectPeriod: 0 });
      client.on('message', (topic, payload) => {
        const envelope = parseEnvelope(payload.toString('utf8'));
        if (envelope?.type === 'config') received.set(topic, [...(received.get(topic) ?? []), envelope.data as unknown as DeviceConfigData]);
      });
    },
    async follow(configTopic: string) {
      await client!.subscribeAsync(configTopic, { qos: 1 });
    },
    /** The latest config on the topic once it satisfies `done`. */
    latest: async (configTopic: string, done: (config: DeviceConfigData) => boolean, what: string): Promise<DeviceConfigData> =>
      (await waitFor(() => received.get(configTopic)?.at(-1), (config) => !!config && done(config), what))!,
    close: () => client?.endAsync(true),
  };
}

describe('automation: buttons on devices and the trigger menu', () => {
  const configs = configWatcher();
  let orgId: string;
  let superadmin: string;
  let staffId: string;
  let staff: string;
  const path = (suffix: string) => `/api/organizations/${orgId}${suffix}`;
  const api = (module: 'automation' | 'devices' | 'settings', method: string, suffix: string, body?: unknown, token = superadmin) =>
    callApi(module, method, path(suffix), { token, body });

  const trigger = async (name: string) => (await api('automation', 'POST', '/triggers', { name, type: 'tablet-kiosk-button', workflows: [] })).body.id as string;
  const group = async (name: string, triggerIds: string[], type = 'kiosk-app') =>
    (await api('automation', 'POST', '/trigger-groups', { name, description: `${name} buttons`, type, trigger_ids: triggerIds })).body.id as string;
  const device = async (type: string, userId?: string) => {
    const registered = await api('devices', 'POST', '/devices', { device_id: `SN-${randomUUID().slice(0, 8)}`, type, ...(userId ? { user_id: userId } : {}) });
    expect(registered.status).toBe(201);
    await configs.follow(registered.body.credentials.mqtt.topics.config);
    return { id: registered.body.device.id as string, config: registered.body.credentials.mqtt.topics.config as string };
  };
  const firings = async (triggerId: string) => (await api('automation', 'GET', `/triggers/${triggerId}/firings`)).body.items as FiringDto[];
  const press = (topic: string, data: Record<string, unknown>, id = randomUUID()) =>
    buttonUplink({ topic, payload: JSON.stringify(createEnvelope('button', { kind: 'button', at: new Date().toISOString(), ...data }, id)) });

  let help: string;
  let clean: string;
  let outside: string;
  let kiosk: string;
  let tablet: { id: string; config: string };

  beforeAll(async () => {
    await configs.start();
    const email = `super-${randomUUID()}@buttons.test`;
    const ownerId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Button Market', timeZone: 'Europe/Berlin', owner: ownerOf(ownerId, ['superadmin'], email) });
    superadmin = await signIn(email, PASSWORD);
    const staffEmail = `staff-${randomUUID()}@buttons.test`;
    staffId = await createIdentity(staffEmail, PASSWORD);
    await insertUser({ orgId, userId: staffId, email: staffEmail, firstname: 'Sam', lastname: 'Staff', type: 'normal', accessLevel: 'employee' });
    staff = await signIn(staffEmail, PASSWORD);

    [help, clean, outside] = [await trigger('Help at bottle return'), await trigger('Cleaning needed'), await trigger('Not on the kiosk')];
    kiosk = await group('Entrance kiosk', [help, clean]);
    tablet = await device('android_tablet');
    expect((await api('settings', 'PATCH', '/settings/general', { general: { tablet: { trigger_group_map: [{ device_id: tablet.id, trigger_group_id: kiosk }] } } })).status).toBe(200);
  });

  afterAll(async () => {
    await localDeliveryQueue().idle();
    await configs.close();
    await closeDelivery();
  });

  it("tells a kiosk tablet its trigger group's buttons in its config, without the watch settings", async () => {
    const config = await configs.latest(tablet.config, (c) => c.trigger_menu !== null, 'the tablet config with its trigger menu');
    expect(config.trigger_menu).toEqual({
      trigger_group_id: kiosk,
      name: 'Entrance kiosk',
      triggers: [
        { id: help, name: 'Help at bottle return' },
        { id: clean, name: 'Cleaning needed' },
      ],
    });
    expect(config.watch).toBeUndefined();
  });

  it("fires a kiosk tablet's trigger mapped through its trigger group, by trigger id and by position, once per envelope", async () => {
    const events = topics.deviceEvents(orgId, tablet.id);
    const envelopeId = randomUUID();
    expect(await press(events, { trigger_id: clean }, envelopeId)).toEqual({ outcome: 'fired' });
    expect(await press(events, { trigger_id: clean }, envelopeId)).toEqual({ outcome: 'duplicate' });
    expect(await firings(clean)).toEqual([expect.objectContaining({ trigger_id: clean, source: 'button', outcome: 'fired', device_id: tablet.id, user_id: null })]);

    // A hardware button 1 is the group's first trigger; the emulator's envelope builder says the same.
    const first = buttonEventEnvelope({ button: 1 }, randomUUID());
    expect(await buttonUplink({ topic: events, payload: JSON.stringify(first) })).toEqual({ outcome: 'fired' });
    expect(await firings(help)).toEqual([expect.objectContaining({ source: 'button', device_id: tablet.id })]);
  });

  it('answers a second press inside the throttle window as throttled, recorded and sending nothing', async () => {
    const bell = (await api('automation', 'POST', '/triggers', { name: 'Bell', type: 'tablet-kiosk-button', workflows: [], is_throttling_enabled: true, throttle_duration_in_seconds: 60 })).body
      .id as string;
    const bells = await group('Bell kiosk', [bell]);
    const door = await device('android_tablet');
    expect((await api('settings', 'PATCH', '/settings/general', { general: { tablet: { trigger_group_map: [{ device_id: tablet.id, trigger_group_id: kiosk }, { device_id: door.id, trigger_group_id: bells }] } } })).status).toBe(200);
    const events = topics.deviceEvents(orgId, door.id);
    expect(await press(events, { button: '1' })).toEqual({ outcome: 'fired' });
    expect(await press(events, { button: '1' })).toEqual({ outcome: 'throttled' });
    expect((await firings(bell)).map((f) => [f.outcome, f.source, f.device_id])).toEqual([
      ['throttled', 'button', door.id],
      ['fired', 'button', door.id],
    ]);
  });

  it('fires nothing for a trigger outside the group, a position past its end, or a tablet without a group', async () => {
    const events = topics.deviceEvents(orgId, tablet.id);
    expect(await press(events, { trigger_id: outside })).toEqual({ outcome: 'unmapped' });
    expect(await press(events, { button: '3' })).toEqual({ outcome: 'unmapped' });
    const unmapped = await device('android_tablet');
    expect(await press(topics.deviceEvents(orgId, unmapped.id), { button: '1' })).toEqual({ outcome: 'unmapped' });
    // Not a press at all, or a device of nobody's.
    expect(await press(events, {})).toEqual({ outcome: 'ignored' });
    expect(await press(topics.deviceEvents(orgId, 'no-such-device'), { button: '1' })).toEqual({ outcome: 'ignored' });
    expect(await firings(outside)).toEqual([]);
    expect(await firings(help)).toHaveLength(1);
  });

  it("fires from a watch user's trigger menu while menus are on, and gives the watch its menu and the watch settings", async () => {
    const menu = await group('Floor menu', [outside, help], 'user-app');
    expect((await api('settings', 'PATCH', '/settings/general', { general: { is_trigger_menus_enabled: true, trigger_menus_trigger_group_ids: [menu] } })).status).toBe(200);
    const watch = await device('wear_os', staffId);
    await configs.latest(watch.config, (c) => c.user_id === staffId && c.trigger_menu === null, 'the watch config before its user has a menu');
    // Choosing the user's menu republishes their watch's config.
    expect((await callApi('users', 'PUT', path(`/users/${staffId}`), { token: superadmin, body: { firstname: 'Sam', lastname: 'Staff', trigger_menus_default_trigger_group_id: menu } })).status).toBe(200);
    const config = await configs.latest(watch.config, (c) => c.trigger_menu?.trigger_group_id === menu, "the watch config with its user's menu");
    expect(config).toMatchObject({ user_id: staffId, trigger_menu: { name: 'Floor menu', triggers: [{ id: outside }, { id: help }] }, watch: DEFAULT_WATCH_SETTINGS });

    // The watch emulator: the user's own events topic, source 'menu'.
    expect(await press(topics.userEvents(orgId, staffId), { trigger_id: outside })).toEqual({ outcome: 'fired' });
    expect(await firings(outside)).toEqual([expect.objectContaining({ source: 'menu', device_id: null, user_id: staffId })]);
    // The watch's physical button 2: the menu's second trigger, for the watch's user.
    expect(await press(topics.deviceEvents(orgId, watch.id), { button: '2' })).toEqual({ outcome: 'fired' });
    expect((await firings(help))[0]).toMatchObject({ source: 'button', device_id: watch.id, user_id: staffId });
    // The kiosk's trigger is not on this menu.
    expect(await press(topics.userEvents(orgId, staffId), { trigger_id: clean })).toEqual({ outcome: 'unmapped' });

    expect(await callApi('automation', 'GET', path('/watch-config'), { token: staff })).toMatchObject({
      status: 200,
      body: { trigger_menu: { trigger_group_id: menu, triggers: [{ id: outside, name: 'Not on the kiosk' }, { id: help, name: 'Help at bottle return' }] }, watch: DEFAULT_WATCH_SETTINGS },
    });

    // Menus switched off: the watch loses its menu at once, and a press maps to nothing.
    expect((await api('settings', 'PATCH', '/settings/general', { general: { is_trigger_menus_enabled: false } })).status).toBe(200);
    await configs.latest(watch.config, (c) => c.trigger_menu === null, 'the watch config without a menu');
    expect(await press(topics.userEvents(orgId, staffId), { trigger_id: outside })).toEqual({ outcome: 'unmapped' });
    expect((await callApi('automation', 'GET', path('/watch-config'), { token: staff })).body.trigger_menu).toBeNull();
    expect(await firings(outside)).toHaveLength(1);

    // Changed watch settings reach the watch's config, never the tablet's.
    const quiet = { ...DEFAULT_WATCH_SETTINGS, display_seconds: 30, quiet_hours: { enabled: true, start: '21:30', end: '06:00' } };
    expect((await api('settings', 'PUT', '/settings/watch', quiet)).status).toBe(200);
    expect((await configs.latest(watch.config, (c) => c.watch?.display_seconds === 30, 'the new watch settings')).watch).toEqual(quiet);
    expect((await configs.latest(tablet.config, () => true, 'the tablet config')).watch).toBeUndefined();
  });

  it("gives the tablet its trigger's new name when the trigger is renamed", async () => {
    const renamed = await api('automation', 'PUT', `/triggers/${clean}`, { name: 'Spill at the till', type: 'tablet-kiosk-button', workflows: [] });
    expect(renamed.status).toBe(200);
    const config = await configs.latest(tablet.config, (c) => c.trigger_menu?.triggers[1]?.name === 'Spill at the till', 'the renamed trigger in the tablet config');
    expect(config.trigger_menu?.triggers).toEqual([
      { id: help, name: 'Help at bottle return' },
      { id: clean, name: 'Spill at the till' },
    ]);
  });

  it('offers no trigger menu and fires nothing while automation is off for the organisation', async () => {
    const features = (automation: string) => api('settings', 'PATCH', '/settings/general', { general: { features: { automation } } });
    expect((await features('disable')).status).toBe(200);
    await configs.latest(tablet.config, (c) => c.trigger_menu === null, 'the tablet config without its menu');
    expect(await press(topics.deviceEvents(orgId, tablet.id), { trigger_id: help })).toEqual({ outcome: 'unmapped' });
    expect((await features('enable')).status).toBe(200);
    await configs.latest(tablet.config, (c) => c.trigger_menu?.trigger_group_id === kiosk, 'the tablet config with its menu again');
    expect(await press(topics.deviceEvents(orgId, tablet.id), { trigger_id: help })).toEqual({ outcome: 'fired' });
  });
});
