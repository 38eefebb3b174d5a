import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { MembershipEntity } from '../../functions/src/platform/tenancy/membership.entity.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

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
      features: { dashboard: 'enable', shift_planner: 'enable', notifications: 'enable', tasks: 'disable', actions: 'enable', automation: 'disable-and-hide' },
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
    const body = {
      general: {
        is_trigger_menus_enabled: true,
        trigger_menus_trigger_group_ids: ['tg-1', 'tg-2'],
        tablet: { trigger_group_map: [{ device_id: tablet.body.device.id as string, trigger_group_id: 'tg-2' }] },
      },
    };
    const unknown = { general: { tablet: { trigger_group_map: [{ device_id: 'tablet-1', trigger_group_id: 'tg-2' }] } } };
    expect(await callApi('settings', 'PATCH', path(), { token: superadmin, body: unknown })).toMatchObject({
      status: 400,
      body: { errors: { 'general.tablet.trigger_group_map.device_id': 'Unknown device in general.tablet.trigger_group_map.device_id: tablet-1' } },
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
});
