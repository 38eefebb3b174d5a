import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
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

  it('changes only the features sent, and the features route reflects it', async () => {
    const patched = await callApi('settings', 'PATCH', path(), {
      token: superadmin,
      body: { general: { features: { tasks: 'disable', automation: 'disable-and-hide' }, dashboards: [] } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.general).toEqual({
      features: { dashboard: 'enable', shift_planner: 'enable', notifications: 'enable', tasks: 'disable', actions: 'enable', automation: 'disable-and-hide' },
      dashboards: [],
    });
    const features = await callApi('organizations', 'GET', `/api/organizations/${orgId}/settings/features`, { token: admin });
    expect(features.body).toEqual({ features: patched.body.general.features, dashboards: [] });
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
