import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FiringsDto } from '@portal/shared/automation/automation.schema';
import { buttonEventEnvelope } from '@portal/shared/devices/button-messages';
import type { DeviceConfigData } from '@portal/shared/devices/device-config';
import type { RegisteredDevice } from '@portal/shared/devices/device.schema';
import { waitFor } from '../support/wait-for.ts';
import { api, closeWatches, deviceOf, harnessReport, organizationWithStaff, type Device, type StaffMember } from '../support/aws-emulated/portal-client.ts';

/**
 * (i) A button on a kiosk, and the organisation's logo, on the emulated stack. The devices function
 * registers a tablet; the tablet connects with its own credentials through the IoT authorizer; the
 * settings function maps a trigger group to it and republishes its retained config (the buttons);
 * a press on the tablet's events topic goes through the button rule to the automation uplink
 * function, which fires the trigger: its notification template becomes a notification on the
 * notifications queue, which the delivery function publishes to the recipient's watch. The logo is
 * put to and read back from the assets bucket (s3rver) through the settings function.
 */
const PASSWORD = 'Emulated-Kiosk-1!';
/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let orgId: string;
let owner: string;
let staff: StaffMember[] = [];
let kiosk: Device | undefined;

beforeAll(async () => {
  ({ orgId, owner, staff } = await organizationWithStaff('Emulated Kiosk Market', ['Ann'], PASSWORD));
});

afterAll(async () => {
  await closeWatches(staff);
  await kiosk?.client.endAsync();
  expect((await harnessReport()).refused).toEqual([]);
});

const orgPath = (path: string) => `/organizations/${orgId}${path}`;
const created = async (path: string, body: unknown): Promise<string> => {
  const answer = await api(owner, 'POST', orgPath(path), body);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
  return (answer.body.id ?? answer.body.device?.id) as string;
};

describe('a kiosk button and the logo on the emulated stack', () => {
  it("fires the tablet's mapped trigger from its button; the workflow's notification reaches the watch", async () => {
    const [ann] = staff as [StaffMember];
    const template = await created('/notification-templates', {
      title: 'Help at the entrance',
      notification: { content: { title: { text: 'Help at the entrance' }, body: { text: 'Kiosk button' } }, recipient_groups: [{ group_number: 0, recipients: [{ id: ann.userId, type: 'user' }] }] },
    });
    const trigger = await created('/triggers', { name: 'Help at the entrance', type: 'tablet-kiosk-button', workflows: [{ id: template, type: 'notification-template' }] });
    const group = await created('/trigger-groups', { name: 'Entrance kiosk', description: 'The entrance buttons', type: 'kiosk-app', trigger_ids: [trigger] });
    const registered = await api<RegisteredDevice>(owner, 'POST', orgPath('/devices'), { device_id: `KIOSK-${randomUUID().slice(0, 6)}`, type: 'android_tablet', name: 'Entrance kiosk' });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const { device, credentials } = registered.body;

    kiosk = await deviceOf(credentials);
    const configs = () => kiosk!.configs.filter((e) => e.type === 'config').map((e) => e.data as unknown as DeviceConfigData);
    // Retained by the devices function at registration: no buttons yet.
    expect((await waitFor(configs, (c) => c.length > 0, "the tablet's retained config", 10_000)).at(-1)).toMatchObject({ id: device.id, trigger_menu: null });
    const mapped = await api(owner, 'PATCH', orgPath('/settings/general'), { general: { tablet: { trigger_group_map: [{ device_id: device.id, trigger_group_id: group }] } } });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
    const withMenu = await waitFor(configs, (c) => c.at(-1)?.trigger_menu?.trigger_group_id === group, "the tablet's config with its buttons", 10_000);
    expect(withMenu.at(-1)!.trigger_menu).toEqual({ trigger_group_id: group, name: 'Entrance kiosk', triggers: [{ id: trigger, name: 'Help at the entrance' }] });

    // The tablet's first button, as a hardware button numbers it.
    await kiosk.publish(buttonEventEnvelope({ button: 1 }, randomUUID()));
    const [message] = await waitFor(() => ann.watch.inbox.filter((e) => e.type === 'notification'), (m) => m.length > 0, "the workflow's notification on Ann's watch", 20_000);
    expect(message!.data).toMatchObject({ kind: 'notification', title: 'Help at the entrance', body: 'Kiosk button' });
    const firings = await api<FiringsDto>(owner, 'GET', orgPath(`/triggers/${trigger}/firings`));
    expect(firings.status).toBe(200);
    expect(firings.body.items).toEqual([expect.objectContaining({ trigger_id: trigger, source: 'button', outcome: 'fired', device_id: device.id, user_id: null })]);
    expect(firings.body.items[0]!.created).toEqual([expect.objectContaining({ type: 'notification-template', template_id: template, id: message!.data.notification_id })]);
  });

  it('stores the logo in the assets bucket and reads it back; none before the upload', async () => {
    const logo = orgPath('/settings/logo');
    expect(await api(owner, 'GET', logo)).toMatchObject({ status: 200, body: { logo: null } });
    const put = await api(owner, 'PUT', logo, { content_type: 'image/png', image: PNG.toString('base64') });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // Read back by a member, through S3.
    expect(await api(staff[0]!.token, 'GET', logo)).toMatchObject({ status: 200, body: { logo: { content_type: 'image/png', data: PNG.toString('base64') } } });
  });

  // Issue 32: the settings function records the change, the audit function (its own bundle and grants) reads it.
  it("shows the logo's upload in the audit trail to the superadmin, and to no one else", async () => {
    const trail = await api(owner, 'GET', orgPath('/audit?kind=settings'));
    expect(trail.status, JSON.stringify(trail.body)).toBe(200);
    // The kiosk's tablet map is a settings change too (the test above).
    expect(trail.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'settings', action: 'updated', changes: [expect.objectContaining({ field: 'logo', before: null })] })]));
    expect((await api(staff[0]!.token, 'GET', orgPath('/audit'))).status).toBe(403);
  });

  // Issue 32: the automation uplink function refreshed the press's report fact; the reports function
  // (its own bundle, read-only grants) reads the rollups, names the trigger, and pages the raw rows.
  it('reports the kiosk press in the automation report, to the superadmin and to no employee', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const range = `from=${day(-1)}&to=${day(1)}`;
    const report = await api(owner, 'GET', orgPath(`/reports/automation?${range}`));
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.total.counters).toMatchObject({ fired: 1, thr: 0, fail: 0 });
    expect(report.body.tables).toEqual([{ dimension: 'TRIGGER', rows: [expect.objectContaining({ name: 'Help at the entrance', counters: expect.objectContaining({ fired: 1 }) })] }]);
    const rows = await api(owner, 'GET', orgPath(`/reports/automation/rows?${range}`));
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect(rows.body.items).toEqual([expect.objectContaining({ columns: expect.objectContaining({ source: 'button', outcome: 'fired' }) })]);
    expect((await api(staff[0]!.token, 'GET', orgPath(`/reports/automation?${range}`))).status).toBe(403);
  });
});
