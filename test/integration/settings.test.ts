import { randomUUID } from 'node:crypto';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DeviceConfigData } from '@portal/shared/devices/device-config';
import { parseEnvelope } from '@portal/shared/devices/topics';
import { createTriggerGroup } from '../../functions/src/automation/trigger-groups.service.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { MembershipEntity } from '../../functions/src/platform/tenancy/membership.entity.ts';
import { DEFAULT_WATCH_SETTINGS } from '@portal/shared/settings/watch-settings.schema';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf, SETUP_ACTOR } from '../support/owner.ts';
import { waitFor } from '../support/wait-for.ts';

const runtime = inject('runtime');

describe('general settings and feature flags', () => {
  let orgId: string;
  let superadmin: string;
  let admin: string;
  const path = () => `/api/organizations/${orgId}/settings/general`;

  beforeAll(async () => {
    const email = `super-${randomUUID()}@settings.test`;
    const ownerId = await createIdentity(email, 'Super-Pass-1!');
    orgId = await foundOrganization({ name: 'Settings Shop', timeZone: 'Europe/Berlin', owner: ownerOf(ownerId, ['superadmin'], email) });
    superadmin = await signIn(email, 'Super-Pass-1!');
    const adminEmail = `admin-${randomUUID()}@settings.test`;
    await MembershipEntity.create({ orgId, userId: await createIdentity(adminEmail, 'Admin-Pass-1!'), roles: ['admin'] }).go();
    admin = await signIn(adminEmail, 'Admin-Pass-1!');
  });

  // Registering the tablet publishes its config through the runtime's broker.
  afterAll(() => closeDelivery());

  it('changes only the features sent, and the features route reflects it', async () => {
    const patched = await callApi('settings', 'PATCH', path(), {
      token: superadmin,
      body: { general: { features: { tasks: 'disable', automation: 'disable-and-hide' }, dashboards: [] } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.general).toEqual({
      features: { dashboard: 'enable', shift_planner: 'enable', notifications: 'enable', tasks: 'disable', actions: 'enable', automation: 'disable-and-hide', reports: 'enable' },
      dashboards: [],
      is_trigger_menus_enabled: false,
      trigger_menus_trigger_group_ids: [],
      tablet: { trigger_group_map: [] },
    });
    const features = await callApi('organizations', 'GET', `/api/organizations/${orgId}/settings/features`, { token: admin });
    expect(features.body).toEqual({ features: patched.body.general.features, dashboards: [] });
  });

  it('stores the trigger-menu settings and the tablet trigger group map', async () => {
    // The map names the organisation's own tablets only (docs/security.md, "Ids in request bodies").
    const tablet = await callApi('devices', 'POST', `/api/organizations/${orgId}/devices`, {
      token: superadmin,
      body: { device_id: `SN-${randomUUID().slice(0, 8)}`, type: 'android_tablet' },
    });
    // And existing trigger groups of the organisation (automation is off here: made by the service).
    const [tg1, tg2] = await Promise.all(
      ['Menu', 'Kiosk'].map(async (name) => (await createTriggerGroup(orgId, SETUP_ACTOR, { name, description: name, type: 'general', trigger_ids: [] })).id),
    );
    const body = {
      general: {
        is_trigger_menus_enabled: true,
        trigger_menus_trigger_group_ids: [tg1, tg2],
        tablet: { trigger_group_map: [{ device_id: tablet.body.device.id as string, trigger_group_id: tg2! }] },
      },
    };
    const unknown = { general: { tablet: { trigger_group_map: [{ device_id: 'tablet-1', trigger_group_id: tg2 }] } } };
    expect(await callApi('settings', 'PATCH', path(), { token: superadmin, body: unknown })).toMatchObject({
      status: 400,
      body: { errors: { 'general.tablet.trigger_group_map.device_id': 'Unknown device in general.tablet.trigger_group_map.device_id: tablet-1' } },
    });
    expect(await callApi('settings', 'PATCH', path(), { token: superadmin, body: { general: { trigger_menus_trigger_group_ids: ['tg-none'] } } })).toMatchObject({
      status: 400,
      body: { errors: { 'general.trigger_menus_trigger_group_ids': expect.stringContaining('tg-none') } },
    });
    expect((await callApi('settings', 'PATCH', path(), { token: superadmin, body })).status).toBe(200);
    const read = await callApi('settings', 'GET', path(), { token: admin });
    expect(read.body.general).toMatchObject(body.general);
    expect(read.body.general.features.tasks).toBe('disable');
  });

  it('lets an admin read but only a superadmin change them', async () => {
    expect((await callApi('settings', 'GET', path(), { token: admin })).status).toBe(200);
    expect(await callApi('settings', 'PATCH', path(), { token: admin, body: { general: { features: { tasks: 'enable' } } } })).toMatchObject({
      status: 403,
      body: { message: 'Your role does not allow this action' },
    });
  });

  it('refuses unknown values and features with a clear 400', async () => {
    expect(await callApi('settings', 'PATCH', path(), { token: superadmin, body: { general: { features: { tasks: 'maybe' } } } })).toMatchObject({
      status: 400,
      body: { message: 'Feature flag must be enable, disable or disable-and-hide' },
    });
    expect((await callApi('settings', 'PATCH', path(), { token: superadmin, body: { general: { features: { coffee: 'enable' } } } })).status).toBe(400);
    expect(await callApi('settings', 'PATCH', path(), { token: superadmin, body: {} })).toMatchObject({ status: 400, body: { message: 'general is required' } });
  });

  describe('watch settings (decision 0038)', () => {
    const watch = () => `/api/organizations/${orgId}/settings/watch`;
    const valid = { vibration: { notification: 'none', action: 'long', task: 'short' }, display_seconds: 45, quiet_hours: { enabled: true, start: '22:30', end: '06:15' } };
    const put = (body: unknown, token = admin) => callApi('settings', 'PUT', watch(), { token, body });

    it('reads the defaults until saved, then what was saved, for managers only', async () => {
      expect(await callApi('settings', 'GET', watch(), { token: admin })).toMatchObject({ status: 200, body: DEFAULT_WATCH_SETTINGS });
      expect(await put({ ...valid, extra: 'dropped' })).toMatchObject({ status: 200, body: valid });
      expect((await callApi('settings', 'GET', watch(), { token: superadmin })).body).toEqual(valid);
      // Quiet hours off keep their times.
      const off = { ...valid, quiet_hours: { ...valid.quiet_hours, enabled: false } };
      expect((await put(off)).body).toEqual(off);
      expect((await callApi('settings', 'GET', watch(), { token: admin })).body).toEqual(off);
    });

    it("refuses every invalid field with the product's message and stores nothing", async () => {
      const before = (await callApi('settings', 'GET', watch(), { token: admin })).body;
      const cases: Array<[unknown, string]> = [
        [{ ...valid, vibration: { ...valid.vibration, action: 'buzz' } }, 'Vibration must be none, short, long or double'],
        [{ ...valid, vibration: { notification: 'short', task: 'short' } }, 'Vibration must be none, short, long or double'],
        [{ ...valid, vibration: undefined }, 'Vibration must be none, short, long or double'],
        [{ ...valid, display_seconds: 4 }, 'Time on screen must be 5 to 120 seconds'],
        [{ ...valid, display_seconds: 121 }, 'Time on screen must be 5 to 120 seconds'],
        [{ ...valid, display_seconds: 7.5 }, 'Time on screen must be 5 to 120 seconds'],
        // The type check runs before the schema: its stable '<field> must be a number'.
        [{ ...valid, display_seconds: 'ten' }, 'display_seconds must be a number'],
        [{ ...valid, display_seconds: undefined }, 'Time on screen must be 5 to 120 seconds'],
        [{ ...valid, quiet_hours: { ...valid.quiet_hours, start: '24:00' } }, 'Time must be like 22:00'],
        [{ ...valid, quiet_hours: { ...valid.quiet_hours, end: '6:00' } }, 'Time must be like 22:00'],
        [{ ...valid, quiet_hours: { ...valid.quiet_hours, start: '22:00:00' } }, 'Time must be like 22:00'],
        [{ ...valid, quiet_hours: { enabled: true, start: '22:00' } }, 'Time must be like 22:00'],
      ];
      for (const [body, message] of cases) {
        const answer = await put(body);
        expect({ body, status: answer.status, message: answer.body.message }).toEqual({ body, status: 400, message });
      }
      const answers = [];
      for (const quiet_hours of [{ ...valid.quiet_hours, enabled: 'sometimes' }, { start: '22:00', end: '06:00' }, null]) {
        const answer = await put({ ...valid, quiet_hours });
        answers.push({ status: answer.status, message: answer.body.message });
      }
      // The platform's type check answers what the schema has no message for.
      expect(answers).toEqual([
        { status: 400, message: 'quiet_hours.enabled must be true or false' },
        { status: 400, message: 'quiet_hours.enabled is required' },
        { status: 400, message: 'quiet_hours must not be null' },
      ]);
      expect((await callApi('settings', 'GET', watch(), { token: admin })).body).toEqual(before);
    });
  });

  describe("the tablets' trigger groups (managers, decision 0044)", () => {
    const PASSWORD = 'Tablet-Pass-1!';
    let kioskOrg: string;
    let manager: string;
    const url = (suffix: string) => `/api/organizations/${kioskOrg}${suffix}`;
    const put = (body: unknown, token = manager) => callApi('settings', 'PUT', url('/settings/tablet-trigger-groups'), { token, body });
    const member = async (role: 'admin' | 'assistant' | 'employee') => {
      const memberEmail = `${role}-${randomUUID()}@tablets.test`;
      await MembershipEntity.create({ orgId: kioskOrg, userId: await createIdentity(memberEmail, PASSWORD), roles: [role] }).go();
      return signIn(memberEmail, PASSWORD);
    };
    const device = async (type: string) => {
      const answer = await callApi('devices', 'POST', url('/devices'), { token: manager, body: { device_id: `SN-${randomUUID().slice(0, 8)}`, type } });
      expect(answer.status).toBe(201);
      return { id: answer.body.device.id as string, config: answer.body.credentials.mqtt.topics.config as string };
    };
    const map = async () => (await callApi('settings', 'GET', url('/settings/general'), { token: manager })).body.general.tablet.trigger_group_map;

    beforeAll(async () => {
      const ownerEmail = `super-${randomUUID()}@tablets.test`;
      const ownerId = await createIdentity(ownerEmail, PASSWORD);
      kioskOrg = await foundOrganization({ name: 'Kiosk Shop', timeZone: 'Europe/Berlin', owner: ownerOf(ownerId, ['superadmin'], ownerEmail) });
      const superToken = await signIn(ownerEmail, PASSWORD);
      expect((await callApi('settings', 'PATCH', url('/settings/general'), { token: superToken, body: { general: { features: { automation: 'enable' } } } })).status).toBe(200);
      manager = await member('admin');
    });

    it("lets an admin set a tablet's group, which its retained config then carries, and leaves the rest of general settings", async () => {
      const trigger = await callApi('automation', 'POST', url('/triggers'), { token: manager, body: { name: 'Help at the door', type: 'tablet-kiosk-button', workflows: [] } });
      const kiosk = (await callApi('automation', 'POST', url('/trigger-groups'), {
        token: manager,
        body: { name: 'Door kiosk', description: 'Door buttons', type: 'kiosk-app', trigger_ids: [trigger.body.id] },
      })).body.id as string;
      const tablet = await device('android_tablet');
      const before = (await callApi('settings', 'GET', url('/settings/general'), { token: manager })).body.general;

      const entry = { device_id: tablet.id, trigger_group_id: kiosk };
      expect(await put({ trigger_group_map: [entry] })).toMatchObject({ status: 200, body: { trigger_group_map: [entry] } });
      expect((await callApi('settings', 'GET', url('/settings/general'), { token: manager })).body.general).toEqual({ ...before, tablet: { trigger_group_map: [entry] } });

      // A device connecting later gets the retained config: it names the group and its buttons.
      const client = await connectAsync(runtime.mqttTcpUrl, { username: 'portal', password: runtime.mqttInternalToken, clientId: `portal-settings-${randomUUID()}`, reconnectPeriod: 0 });
      try {
        const configs: DeviceConfigData[] = [];
        client.on('message', (_topic, payload) => {
          const envelope = parseEnvelope(payload.toString('utf8'));
          if (envelope?.type === 'config') configs.push(envelope.data as unknown as DeviceConfigData);
        });
        await client.subscribeAsync(tablet.config, { qos: 1 });
        const config = await waitFor(() => configs.at(-1), (c) => c?.trigger_menu?.trigger_group_id === kiosk, 'the tablet config with its trigger menu');
        expect(config!.trigger_menu!.triggers.map((t) => [t.id, t.name])).toEqual([[trigger.body.id, 'Help at the door']]);

        // None: the whole map is replaced, and the config follows.
        expect(await put({ trigger_group_map: [] })).toMatchObject({ status: 200, body: { trigger_group_map: [] } });
        await waitFor(() => configs.at(-1), (c) => c?.trigger_menu === null, 'the tablet config without a trigger menu');
      } finally {
        await client.endAsync(true);
      }
      expect(await map()).toEqual([]);
    });

    it("refuses a watch, another organisation's ids, two rows for one tablet and malformed maps, and stores nothing", async () => {
      const group = (await callApi('automation', 'POST', url('/trigger-groups'), { token: manager, body: { name: 'Till', description: 'Till buttons', type: 'kiosk-app', trigger_ids: [] } })).body.id as string;
      const [tablet, watch] = [await device('android_tablet'), await device('wear_os')];
      const other = await foundOrganization({ name: 'Other Shop', timeZone: 'Europe/Berlin', owner: ownerOf(randomUUID(), ['superadmin'], `other-${randomUUID()}@tablets.test`) });
      const foreignGroup = (await createTriggerGroup(other, SETUP_ACTOR, { name: 'Theirs', description: 'Theirs', type: 'kiosk-app', trigger_ids: [] })).id;
      const before = await map();
      const cases: Array<[unknown, string, string]> = [
        [{ trigger_group_map: [{ device_id: watch.id, trigger_group_id: group }] }, 'trigger_group_map.device_id', 'Only tablets have a trigger group'],
        [{ trigger_group_map: [{ device_id: 'no-such-tablet', trigger_group_id: group }] }, 'trigger_group_map.device_id', 'Unknown device in trigger_group_map.device_id: no-such-tablet'],
        [{ trigger_group_map: [{ device_id: tablet.id, trigger_group_id: foreignGroup }] }, 'trigger_group_map.trigger_group_id', `Unknown trigger group in trigger_group_map.trigger_group_id: ${foreignGroup}`],
        [{ trigger_group_map: [{ device_id: tablet.id, trigger_group_id: group }, { device_id: tablet.id, trigger_group_id: group }] }, 'trigger_group_map', 'A tablet can have only one trigger group'],
      ];
      for (const [body, field, message] of cases) {
        const answer = await put(body);
        expect({ body, status: answer.status, body_: answer.body }).toMatchObject({ body, status: 400, body_: { message, errors: { [field]: message } } });
      }
      for (const body of [{}, { trigger_group_map: null }, { trigger_group_map: 'all' }, { trigger_group_map: [{ device_id: tablet.id }] }, { trigger_group_map: [], general: {} }]) {
        const answer = await put(body);
        expect({ body, status: answer.status }).toEqual({ body, status: 400 });
        expect(answer.body.message).toEqual(expect.any(String));
      }
      expect(await map()).toEqual(before);
    });

    it('is for managers: an assistant and an employee get 403', async () => {
      const tablet = await device('android_tablet');
      for (const role of ['assistant', 'employee'] as const) {
        expect((await put({ trigger_group_map: [{ device_id: tablet.id, trigger_group_id: 'any' }] }, await member(role))).status).toBe(403);
      }
    });
  });
});
