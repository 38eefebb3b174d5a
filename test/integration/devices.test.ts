import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WEEKDAYS } from '@portal/shared/constants';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { MembershipEntity } from '../../functions/src/platform/tenancy/membership.entity.ts';
import { authenticateDevice } from '../../functions/src/devices/device-auth.service.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

// The handlers publish device configs through the runtime's broker, as `npm start` wires them.
const runtime = inject('runtime');
Object.assign(process.env, { MQTT_URL: runtime.mqttTcpUrl, MQTT_INTERNAL_TOKEN: runtime.mqttInternalToken });
afterAll(() => closeDelivery());

const day = (sh: number, sm: number, eh: number, em: number) => ({ start_time_hours: sh, start_time_minutes: sm, end_time_hours: eh, end_time_minutes: em });
const week = (each = day(8, 0, 20, 0)) => Object.fromEntries(WEEKDAYS.map((d) => [d, { ...each }]));
const serial = () => `SN-${randomUUID().slice(0, 8).toUpperCase()}`;

async function organisation(name: string) {
  const email = `${name}-${randomUUID()}@devices.test`;
  const userId = await createIdentity(email, 'Device-Pass-1!');
  const orgId = await foundOrganization({ name, timeZone: 'Europe/Berlin', owner: ownerOf(userId, ['admin'], email) });
  return { orgId, userId, token: await signIn(email, 'Device-Pass-1!') };
}

describe('devices', () => {
  let org: Awaited<ReturnType<typeof organisation>>;
  let other: Awaited<ReturnType<typeof organisation>>;
  let assistant: string;
  const devices = (suffix = '') => `/api/organizations/${org.orgId}/devices${suffix}`;
  const api = (method: string, path: string, body?: unknown, token = org.token) => callApi('devices', method, path, { token, body });

  beforeAll(async () => {
    [org, other] = await Promise.all([organisation('Fleet'), organisation('Elsewhere')]);
    const email = `assistant-${randomUUID()}@devices.test`;
    await MembershipEntity.create({ orgId: org.orgId, userId: await createIdentity(email, 'Assist-Pass-1!'), roles: ['assistant'] }).go();
    assistant = await signIn(email, 'Assist-Pass-1!');
  });

  it('registers a watch by default and hands out credentials once', async () => {
    const sn = serial();
    const { status, body } = await api('POST', devices(), { device_id: sn, name: 'Ward 3 watch' });
    expect(status).toBe(201);
    const id = body.device.id as string;
    expect(body.device).toMatchObject({ name: 'Ward 3 watch', device_id: sn, type: 'wear_os', protocol: 'MQTT', user_id: null });
    expect(body.device.iot_id).toMatch(/^[a-z0-9]+$/);
    expect(body.credentials).toEqual({
      client_id: body.device.iot_id,
      username: id,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      mqtt: { topics: { inbox: null, config: `portal/v1/${org.orgId}/devices/${id}/config`, events: `portal/v1/${org.orgId}/devices/${id}/events` } },
    });
    const fetched = await api('GET', devices(`/${id}`));
    expect(fetched).toMatchObject({ status: 200, body: body.device });
    expect(JSON.stringify(fetched.body)).not.toContain(body.credentials.token);
    const device = await authenticateDevice({ clientId: body.device.iot_id, username: id, password: body.credentials.token });
    expect(device).toEqual({ orgId: org.orgId, deviceId: id, iotId: body.device.iot_id, userId: undefined });
  });

  it("answers the spec's validation messages", async () => {
    expect(await api('POST', devices(), {})).toMatchObject({ status: 400, body: { message: 'Serial number is required', errors: { device_id: 'Serial number is required' } } });
    expect(await api('POST', devices(), { device_id: serial(), type: '' })).toMatchObject({ status: 400, body: { message: 'Device type is required' } });
    expect(await api('POST', devices(), { device_id: serial(), type: 'toaster' })).toMatchObject({ status: 400, body: { errors: { type: expect.any(String) } } });
    expect(await api('POST', devices(), { device_id: serial(), user_id: 'nobody' })).toMatchObject({ status: 400, body: { message: 'User not found', errors: { user_id: 'User not found' } } });
  });

  it('keeps serial numbers unique across organisations, and frees them on change and delete', async () => {
    const sn = serial();
    const first = await api('POST', devices(), { device_id: sn, type: 'android' });
    expect(first.status).toBe(201);
    const taken = { status: 409, body: { message: 'A device with this serial number already exists' } };
    expect(await api('POST', devices(), { device_id: sn })).toMatchObject(taken);
    expect(await api('POST', `/api/organizations/${other.orgId}/devices`, { device_id: sn }, other.token)).toMatchObject(taken);

    const renamed = serial();
    const updated = await api('PUT', devices(`/${first.body.device.id}`), { device_id: renamed, type: 'android', name: 'Phone', user_id: org.userId });
    expect(updated).toMatchObject({ status: 200, body: { device_id: renamed, name: 'Phone', user_id: org.userId, iot_id: first.body.device.iot_id } });
    const second = await api('POST', devices(), { device_id: sn });
    expect(second.status).toBe(201);
    expect(await api('PUT', devices(`/${second.body.device.id}`), { device_id: renamed })).toMatchObject(taken);

    expect((await api('DELETE', devices(`/${first.body.device.id}`))).status).toBe(204);
    expect(await api('GET', devices(`/${first.body.device.id}`))).toMatchObject({ status: 404, body: { message: 'Device not found' } });
    expect((await api('POST', devices(), { device_id: renamed })).status).toBe(201);
  });

  it('answers 404 for an unknown device on every device route', async () => {
    const notFound = { status: 404, body: { message: 'Device not found' } };
    expect(await api('GET', devices('/nope'))).toMatchObject(notFound);
    expect(await api('PUT', devices('/nope'), { device_id: serial() })).toMatchObject(notFound);
    expect(await api('DELETE', devices('/nope'))).toMatchObject(notFound);
    expect(await api('POST', devices('/nope/credentials'))).toMatchObject(notFound);
    expect(await api('GET', `/api/organizations/${org.orgId}/device-settings/nope`)).toMatchObject(notFound);
    const created = await api('POST', devices(), { device_id: serial() });
    expect(await api('GET', `/api/organizations/${other.orgId}/devices/${created.body.device.id}`, undefined, other.token)).toMatchObject(notFound);
  });

  it('issues new credentials and the old token stops working', async () => {
    const created = await api('POST', devices(), { device_id: serial(), user_id: org.userId });
    const { device, credentials } = created.body;
    const reissued = await api('POST', devices(`/${device.id}/credentials`));
    expect(reissued.status).toBe(200);
    expect(reissued.body.credentials.token).not.toBe(credentials.token);
    expect(reissued.body.credentials.mqtt.topics.inbox).toBe(`portal/v1/${org.orgId}/users/${org.userId}/inbox`);
    expect(await authenticateDevice({ clientId: device.iot_id, username: device.id, password: credentials.token })).toBeUndefined();
    expect(await authenticateDevice({ clientId: device.iot_id, username: device.id, password: reissued.body.credentials.token })).toMatchObject({ deviceId: device.id });
  });

  it('lists devices by name, a page at a time, and refuses foreign page tokens', async () => {
    for (const name of ['zz-last', 'aa-first']) await api('POST', devices(), { device_id: serial(), name });
    const all = await api('GET', devices());
    const names = all.body.items.map((d: { name: string }) => d.name);
    expect(names.indexOf('aa-first')).toBeLessThan(names.indexOf('zz-last'));
    const page = await api('GET', devices('?limit=1'));
    expect(page.body.items).toHaveLength(1);
    const next = await api('GET', devices(`?limit=1&next_token=${encodeURIComponent(page.body.next_token)}`));
    expect(next.body.items[0].id).not.toBe(page.body.items[0].id);
    expect(await api('GET', `/api/organizations/${other.orgId}/devices?next_token=${encodeURIComponent(page.body.next_token)}`, undefined, other.token)).toMatchObject({
      status: 400,
      body: { message: 'Invalid page token' },
    });
  });

  it('keeps assistants and other organisations out', async () => {
    expect(await api('GET', devices(), undefined, assistant)).toMatchObject({ status: 403, body: { message: 'Your role does not allow this action' } });
    expect(await api('POST', devices(), { device_id: serial() }, assistant)).toMatchObject({ status: 403 });
    expect((await api('GET', `/api/organizations/${org.orgId}/tablet-templates`, undefined, assistant)).status).toBe(403);
    expect(await api('GET', devices(), undefined, other.token)).toMatchObject({ status: 403, body: { message: 'You do not have access to this organization' } });
  });
});

describe('tablet settings and design templates', () => {
  let org: Awaited<ReturnType<typeof organisation>>;
  let tabletId: string;
  const settings = (id = tabletId) => `/api/organizations/${org.orgId}/device-settings/${id}`;
  const templates = (suffix = '') => `/api/organizations/${org.orgId}/tablet-templates${suffix}`;
  const api = (method: string, path: string, body?: unknown) => callApi('devices', method, path, { token: org.token, body });

  beforeAll(async () => {
    org = await organisation('Kiosk');
    tabletId = (await api('POST', `/api/organizations/${org.orgId}/devices`, { device_id: serial(), type: 'android_tablet' })).body.device.id;
  });

  it('returns the defaults for a tablet without settings', async () => {
    const { status, body } = await api('GET', settings());
    expect(status).toBe(200);
    expect(body).toEqual({ id: tabletId, device_id: expect.any(String), templateId: null, power_settings: { show_screen_status: 'active', show_screen_schedule: {} } });
  });

  it('fills 08:00-20:00 every day when scheduled arrives without a schedule, and clears it for on/off', async () => {
    const scheduled = await api('PUT', settings(), { templateId: null, power_settings: { show_screen_status: 'scheduled' } });
    expect(scheduled).toMatchObject({ status: 200, body: { power_settings: { show_screen_status: 'scheduled', show_screen_schedule: week() } } });
    expect((await api('GET', settings())).body.power_settings.show_screen_schedule).toEqual(week());
    const off = await api('PUT', settings(), { power_settings: { show_screen_status: 'inactive', show_screen_schedule: week() } });
    expect(off.body.power_settings).toEqual({ show_screen_status: 'inactive', show_screen_schedule: {} });
  });

  it("refuses an end before the start with 'start time must be before end time'", async () => {
    const schedule = { ...week(), wednesday: day(18, 0, 9, 30) };
    expect(await api('PUT', settings(), { power_settings: { show_screen_status: 'scheduled', show_screen_schedule: schedule } })).toMatchObject({
      status: 400,
      body: { message: 'start time must be before end time', errors: { 'power_settings.show_screen_schedule.wednesday': 'start time must be before end time' } },
    });
    const stored = await api('PUT', settings(), { power_settings: { show_screen_status: 'scheduled', show_screen_schedule: { ...week(), wednesday: day(6, 15, 22, 45) } } });
    expect(stored.body.power_settings.show_screen_schedule.wednesday).toEqual(day(6, 15, 22, 45));
  });

  it('requires all four numbers of every weekday', async () => {
    const schedule = { ...week(), monday: { start_time_hours: 8, start_time_minutes: 0, end_time_hours: 20 } };
    expect(await api('PUT', settings(), { power_settings: { show_screen_status: 'scheduled', show_screen_schedule: schedule } })).toMatchObject({
      status: 400,
      body: { message: 'End minutes are required', errors: { 'power_settings.show_screen_schedule.monday.end_time_minutes': 'End minutes are required' } },
    });
    expect(await api('PUT', settings(), {})).toMatchObject({ status: 400, body: { message: 'Screen status is required' } });
  });

  it('refuses an unknown template and settings for a device that is not a tablet', async () => {
    expect(await api('PUT', settings(), { templateId: 'missing', power_settings: { show_screen_status: 'active' } })).toMatchObject({
      status: 400,
      body: { message: 'Design template not found', errors: { templateId: 'Design template not found' } },
    });
    const watch = (await api('POST', `/api/organizations/${org.orgId}/devices`, { device_id: serial() })).body.device.id;
    expect(await api('PUT', settings(watch), { power_settings: { show_screen_status: 'active' } })).toMatchObject({
      status: 409,
      body: { message: 'Tablet settings apply to tablets only' },
    });
  });

  it('creates, lists, edits and deletes design templates, storing design_settings as sent', async () => {
    expect(await api('POST', templates(), {})).toMatchObject({
      status: 400,
      body: { message: 'Name is required', errors: { name: 'Name is required', design_settings: 'A settings file is required' } },
    });
    expect(await api('POST', templates(), { name: 'Lobby', design_settings: 'not an object' })).toMatchObject({ status: 400, body: { message: 'A settings file is required' } });

    const design = { theme: { background: '#102030', logo: 'https://example.test/logo.png' }, buttons: [{ label: 'Help', color: '#ff0000' }] };
    const created = await api('POST', templates(), { name: 'Lobby', design_settings: design });
    expect(created).toMatchObject({ status: 201, body: { name: 'Lobby', design_settings: design } });
    const id = created.body.id;
    expect((await api('GET', templates())).body.items).toContainEqual({ id, name: 'Lobby' });
    expect(await api('GET', templates(`/${id}`))).toMatchObject({ status: 200, body: { id, name: 'Lobby', design_settings: design } });

    const edited = await api('PUT', templates(`/${id}`), { name: 'Lobby 2', design_settings: { theme: { background: '#000' } } });
    expect(edited).toMatchObject({ status: 200, body: { name: 'Lobby 2', design_settings: { theme: { background: '#000' } } } });

    expect((await api('DELETE', templates(`/${id}`))).status).toBe(204);
    expect(await api('GET', templates(`/${id}`))).toMatchObject({ status: 404, body: { message: 'Design template not found' } });
    expect((await api('PUT', templates(`/${id}`), { name: 'x', design_settings: {} })).status).toBe(404);
    expect((await api('DELETE', templates(`/${id}`))).status).toBe(404);
  });

  it('lets a tablet use a template, and falls back to none when the template is deleted', async () => {
    const template = (await api('POST', templates(), { name: 'Entrance', design_settings: { theme: 'dark' } })).body.id;
    const used = await api('PUT', settings(), { templateId: template, power_settings: { show_screen_status: 'active' } });
    expect(used).toMatchObject({ status: 200, body: { templateId: template } });
    expect((await api('DELETE', templates(`/${template}`))).status).toBe(204);
    expect((await api('GET', settings())).body).toMatchObject({ templateId: null, power_settings: { show_screen_status: 'active' } });
  });
});
