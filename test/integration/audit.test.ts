import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES, AUDIT_RETENTION_DAYS, type AuditEntryDto } from '@portal/shared/audit/audit.schema';
import { PAGE_TOKEN_INVALID } from '@portal/shared/api/paging';
import { TABLE_DEFINITION } from '@portal/shared/db/table';
import { addDays } from '@portal/shared/shifts/iso-week';
import { recordChange } from '../../functions/src/audit/public.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { documentClient } from '../../functions/src/platform/db/client.ts';
import { env } from '../../functions/src/platform/config.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { MembershipEntity } from '../../functions/src/platform/tenancy/membership.entity.ts';
import { dayIn } from '../../functions/src/platform/tenancy/organization-day.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { captureLogs } from '../support/log-capture.ts';
import { ownerOf } from '../support/owner.ts';

/**
 * The audit trail (issue 32, decision 0086) through the real handlers on DynamoDB Local: each kind
 * of change recorded with its actor, target and fields, never a secret, and the list's filters,
 * range, paging, refusals and retention.
 */
const ZONE = 'Pacific/Auckland';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@audit.test`;

interface Caller {
  id: string;
  email: string;
  token: string;
}

let orgId: string;
let owner: Caller;
let admin: Caller;
/** Every secret a request below sent or got back: none may be stored in the trail. */
const secrets: string[] = [];

async function member(roles: ('admin' | 'employee')[], name: string): Promise<Caller> {
  const email = unique(name);
  const id = await createIdentity(email, 'Audit-Pass-1!');
  await MembershipEntity.create({ orgId, userId: id, roles }).go();
  return { id, email, token: await signIn(email, 'Audit-Pass-1!') };
}

const api = async (module: Parameters<typeof callApi>[0], method: string, path: string, body?: unknown, caller = owner) => {
  const answer = await callApi(module, method, `/api/organizations/${orgId}${path}`, { token: caller.token, body });
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
};

const trail = (query = '', token = owner.token, org = orgId) => callApi('audit', 'GET', `/api/organizations/${org}/audit${query ? `?${query}` : ''}`, { token });

/** Every entry of the default range, newest first. */
async function entries(query = ''): Promise<AuditEntryDto[]> {
  const answer = await trail(`limit=200${query ? `&${query}` : ''}`);
  expect(answer.status).toBe(200);
  return answer.body.items;
}

const about = async (targetId: string, kind?: string) => (await entries(kind ? `kind=${kind}` : '')).filter((e) => e.target_id === targetId);

/** The raw rows of the organisation's trail, as DynamoDB holds them. */
async function rawEntries(): Promise<Record<string, unknown>[]> {
  const { Items } = await documentClient.send(
    new QueryCommand({ TableName: env.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :audit)', ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':audit': 'AUDIT#' } }),
  );
  return Items ?? [];
}

beforeAll(async () => {
  const email = unique('owner');
  const id = await createIdentity(email, 'Owner-Pass-1!');
  orgId = await foundOrganization({ name: 'Audit Shop', timeZone: ZONE, owner: ownerOf(id, ['superadmin'], email) });
  owner = { id, email, token: await signIn(email, 'Owner-Pass-1!') };
  admin = await member(['admin'], 'admin');
});

// Devices and settings publish device configs through the runtime's broker.
afterAll(() => closeDelivery());

describe('what the trail records', () => {
  it('records a user created, edited, regrouped and removed, with the level and credentials apart', async () => {
    const body = { firstname: 'Petra', lastname: 'Person', email: unique('petra'), password: 'Petra-Pass-1!', pin_code: '4711', access_level: 'employee' };
    secrets.push(body.password, body.pin_code);
    const user = await api('users', 'POST', '/users', body);
    const created = await about(user.id);
    const actor = { actor_id: owner.id, actor_name: owner.email };
    expect(created.find((e) => e.kind === 'user')).toMatchObject({ ...actor, action: 'created', target_name: 'Petra Person' });
    expect(created.find((e) => e.kind === 'user')!.changes).toEqual(
      expect.arrayContaining([{ field: 'firstname', before: null, after: 'Petra' }, { field: 'email', before: null, after: body.email }]),
    );
    expect(created.find((e) => e.kind === 'access_level')).toMatchObject({ ...actor, action: 'created', changes: [{ field: 'access_level', before: null, after: 'employee' }] });
    expect(created.find((e) => e.kind === 'credentials')).toMatchObject({
      action: 'created',
      changes: [
        { field: 'password', before: null, after: null, redacted: true },
        { field: 'pin_code', before: null, after: null, redacted: true },
      ],
    });

    secrets.push('0815');
    await api('users', 'PUT', `/users/${user.id}`, { firstname: 'Petra', lastname: 'Paulsen', email: body.email, access_level: 'assistant', pin_code: '0815' });
    const edited = (await about(user.id)).filter((e) => e.action === 'updated');
    expect(edited.find((e) => e.kind === 'user')).toMatchObject({ target_name: 'Petra Paulsen', changes: [{ field: 'lastname', before: 'Person', after: 'Paulsen' }] });
    expect(edited.find((e) => e.kind === 'access_level')!.changes).toEqual([{ field: 'access_level', before: 'employee', after: 'assistant' }]);
    expect(edited.find((e) => e.kind === 'credentials')!.changes).toEqual([{ field: 'pin_code', before: null, after: null, redacted: true }]);

    const group = await api('users', 'POST', '/user-groups', { name: `Tills ${randomUUID().slice(0, 4)}`, color: '#1E88E5', users: [] });
    await api('users', 'PUT', `/users/${user.id}/groups`, { user_group_ids: [group.id] });
    // Groups by name: the everyone group, which every person is in, is left out.
    expect((await about(user.id, 'user'))[0]!.changes).toEqual([{ field: 'groups', before: null, after: group.name }]);

    // An edit that changes nothing writes nothing.
    const before = (await about(user.id)).length;
    await api('users', 'PUT', `/users/${user.id}`, { firstname: 'Petra', lastname: 'Paulsen', email: body.email, access_level: 'assistant' });
    expect(await about(user.id)).toHaveLength(before);

    await api('users', 'DELETE', `/users/${user.id}`);
    const removed = (await about(user.id)).filter((e) => e.action === 'deleted');
    expect(removed.map((e) => e.kind).sort()).toEqual(['access_level', 'user']);
    expect(removed.find((e) => e.kind === 'user')!.changes).toEqual(expect.arrayContaining([{ field: 'groups', before: group.name, after: null }]));
  });

  it('records a user group created, renamed with its members changed, and removed, members by name', async () => {
    const people = [
      await api('users', 'POST', '/users', { firstname: 'Gina', lastname: 'Grau', email: unique('gina'), password: 'Gina-Pass-1!', access_level: 'employee' }),
      await api('users', 'POST', '/users', { firstname: 'Hugo', lastname: 'Hahn', email: unique('hugo'), password: 'Hugo-Pass-1!', access_level: 'employee' }),
    ];
    secrets.push('Gina-Pass-1!', 'Hugo-Pass-1!');
    const [first, second] = people as [{ id: string }, { id: string }];
    const name = `Returns ${randomUUID().slice(0, 4)}`;
    const group = await api('users', 'POST', '/user-groups', { name, color: '#1e88e5', users: [first.id] }, admin);
    const actor = { actor_id: admin.id, actor_name: admin.email };
    expect(await about(group.id)).toEqual([
      expect.objectContaining({
        ...actor,
        kind: 'user_group',
        action: 'created',
        target_name: name,
        changes: [
          { field: 'name', before: null, after: name },
          { field: 'color', before: null, after: '#1E88E5' },
          { field: 'members', before: null, after: 'Gina Grau' },
        ],
      }),
    ]);

    await api('users', 'PUT', `/user-groups/${group.id}`, { name: `${name}!`, color: '#1E88E5', users: [first.id, second.id] }, admin);
    expect((await about(group.id))[0]).toMatchObject({
      action: 'updated',
      target_name: `${name}!`,
      changes: [
        { field: 'name', before: name, after: `${name}!` },
        { field: 'members_added', before: null, after: 'Hugo Hahn' },
      ],
    });

    await api('users', 'DELETE', `/user-groups/${group.id}`, undefined, admin);
    expect((await about(group.id))[0]).toMatchObject({ ...actor, action: 'deleted', changes: expect.arrayContaining([{ field: 'members', before: 'Gina Grau, Hugo Hahn', after: null }]) });

    // One removed, one left: only the one who left is named.
    const again = await api('users', 'POST', '/user-groups', { name: `${name}?`, color: '#1E88E5', users: [first.id, second.id] }, admin);
    await api('users', 'PUT', `/user-groups/${again.id}`, { name: `${name}?`, color: '#1E88E5', users: [second.id] }, admin);
    expect((await about(again.id))[0]!.changes).toEqual([{ field: 'members_removed', before: null, after: 'Gina Grau' }]);
  });

  it('records general settings and the feature flags as two kinds, the time zone and the logo', async () => {
    await api('settings', 'PATCH', '/settings/general', { general: { features: { notifications: 'disable' }, dashboards: ['actions'] } });
    const [flags] = await entries('kind=feature_flags');
    expect(flags).toMatchObject({ action: 'updated', target_id: 'general', target_name: 'general', changes: [{ field: 'notifications', before: 'enable', after: 'disable' }] });
    const [general] = await entries('kind=settings');
    expect(general).toMatchObject({ target_id: 'general', changes: [{ field: 'dashboards', before: '["tasks","actions"]', after: '["actions"]' }] });

    await api('organizations', 'PATCH', '/time-zone', [{ op: 'add', path: '/time_zone', value: 'Pacific/Auckland' }]);
    expect((await entries('kind=settings'))[0]).toEqual(general); // the same zone: nothing changed

    await api('settings', 'PUT', '/settings/logo', { content_type: 'image/png', image: PNG });
    await api('settings', 'DELETE', '/settings/logo');
    const [removed, put] = await entries('kind=settings');
    expect(put!.changes).toEqual([{ field: 'logo', before: null, after: expect.stringMatching(/^image\/png, 70 bytes, sha256 [0-9a-f]{12}$/) }]);
    expect(removed!.changes).toEqual([{ field: 'logo', before: put!.changes[0]!.after, after: null }]);
  });

  it("records each module's settings section under its key", async () => {
    await api('tasks', 'PUT', '/settings/tasks', { reminder_offsets_minutes: [30], notify_creator_when_overdue: false });
    await api('actions', 'PUT', '/settings/actions', { forward_after_options: [10, 30], forward_after_default: 10 });
    await api('dashboard', 'PUT', '/settings/dashboard', { panels: ['shifts'] });
    await api('settings', 'PUT', '/settings/watch', { vibration: { notification: 'none', action: 'long', task: 'short' }, display_seconds: 45, quiet_hours: { enabled: false, start: '22:00', end: '06:00' } });
    const type = await api('shifts', 'POST', '/shift-activity-types', { name: 'Cashier', color: '#1E88E5' }, admin);
    const byKey = new Map((await entries('kind=settings')).map((e) => [e.target_id, e] as const));
    expect(byKey.get('tasks')!.changes).toEqual(expect.arrayContaining([{ field: 'reminder_offsets_minutes', before: '[60]', after: '[30]' }]));
    expect(byKey.get('actions')!.changes).toEqual(expect.arrayContaining([{ field: 'forward_after_default', before: '30', after: '10' }]));
    expect(byKey.get('dashboard')!.changes).toEqual([{ field: 'panels', before: '["actions","tasks"]', after: '["shifts"]' }]);
    expect(byKey.get('watch')!.changes.map((c) => c.field)).toEqual(['vibration', 'display_seconds']); // quiet hours as they were
    expect(byKey.get('shift_planner')).toMatchObject({ actor_id: admin.id, actor_name: admin.email, changes: [{ field: 'activity_type', before: null, after: '{"color":"#1E88E5","name":"Cashier"}' }] });
    await api('shifts', 'DELETE', `/shift-activity-types/${type.id}`, undefined, admin);
    expect((await entries('kind=settings'))[0]!.changes).toEqual([{ field: 'activity_type', before: '{"color":"#1E88E5","name":"Cashier"}', after: null }]);
  });

  it('records triggers, trigger groups and webhook secrets, never the secret', async () => {
    const trigger = await api('automation', 'POST', '/triggers', { name: 'Bottles', type: 'flic-button', workflows: [], metadata: { is_external: true } });
    secrets.push(trigger.secret);
    expect((await about(trigger.id)).map((e) => `${e.kind} ${e.action}`).sort()).toEqual(['trigger created', 'trigger_secret created']);
    const rotated = await api('automation', 'POST', `/triggers/${trigger.id}/secret`);
    secrets.push(rotated.secret);
    expect((await about(trigger.id, 'trigger_secret'))[0]).toMatchObject({ action: 'rotated', changes: [{ field: 'secret', before: null, after: null, redacted: true }] });
    await api('automation', 'PUT', `/triggers/${trigger.id}`, { name: 'Bottle return', type: 'flic-button', workflows: [], metadata: { is_external: false } });
    const edited = await about(trigger.id);
    expect(edited.find((e) => e.kind === 'trigger' && e.action === 'updated')!.changes).toEqual([
      { field: 'name', before: 'Bottles', after: 'Bottle return' },
      { field: 'is_external', before: 'true', after: 'false' },
    ]);
    expect(edited.find((e) => e.kind === 'trigger_secret')).toMatchObject({ action: 'deleted', target_name: 'Bottle return' });

    const group = await api('automation', 'POST', '/trigger-groups', { name: 'Kiosk', description: 'Entrance', type: 'kiosk-app', trigger_ids: [trigger.id] });
    await api('automation', 'PUT', `/trigger-groups/${group.id}`, { name: 'Kiosk', description: 'Exit', type: 'kiosk-app', trigger_ids: [] });
    await api('automation', 'DELETE', `/trigger-groups/${group.id}`);
    await api('automation', 'DELETE', `/triggers/${trigger.id}`);
    expect((await about(group.id)).map((e) => `${e.kind} ${e.action}`)).toEqual(['trigger deleted', 'trigger updated', 'trigger created']);
    expect((await about(group.id))[1]!.changes).toEqual([
      { field: 'description', before: 'Entrance', after: 'Exit' },
      { field: 'trigger_ids', before: JSON.stringify([trigger.id]), after: '[]' },
    ]);
    expect((await about(trigger.id, 'trigger'))[0]).toMatchObject({ action: 'deleted', target_name: 'Bottle return' });

    await api('automation', 'PUT', '/settings/automation', { throttle_enabled: true, throttle_threshold: 15, is_trigger_menus_enabled: false, trigger_menus_trigger_group_ids: [] });
    expect((await entries('kind=settings'))[0]).toMatchObject({ target_id: 'automation', changes: [{ field: 'throttle_enabled', before: 'false', after: 'true' }, { field: 'throttle_threshold', before: '0', after: '15' }] });
  });

  it('records devices and their tokens, never the token', async () => {
    const registered = await api('devices', 'POST', '/devices', { device_id: `SN-${randomUUID().slice(0, 8)}`, type: 'android_tablet', name: 'Kiosk', protocol: 'MQTT' }, admin);
    const device = registered.device;
    secrets.push(registered.credentials.token);
    expect((await about(device.id)).map((e) => `${e.kind} ${e.action} ${e.actor_id}`).sort()).toEqual([`device created ${admin.id}`, `device_credentials created ${admin.id}`]);
    await api('devices', 'PUT', `/devices/${device.id}`, { device_id: device.device_id, type: 'android_tablet', name: 'Entrance kiosk', protocol: 'MQTT', user_id: null }, admin);
    expect((await about(device.id, 'device'))[0]).toMatchObject({ action: 'updated', target_name: 'Entrance kiosk', changes: [{ field: 'name', before: 'Kiosk', after: 'Entrance kiosk' }] });
    const reissued = await api('devices', 'POST', `/devices/${device.id}/credentials`, undefined, admin);
    secrets.push(reissued.credentials.token);
    expect((await about(device.id, 'device_credentials'))[0]).toMatchObject({ action: 'rotated', changes: [{ field: 'token', before: null, after: null, redacted: true }] });

    // The tablet map is a settings section; a tablet's own settings are its device's.
    const group = await api('automation', 'POST', '/trigger-groups', { name: 'Map', description: 'Map', type: 'kiosk-app', trigger_ids: [] });
    await api('settings', 'PUT', '/settings/tablet-trigger-groups', { trigger_group_map: [{ device_id: device.id, trigger_group_id: group.id }] }, admin);
    expect((await entries('kind=settings'))[0]).toMatchObject({ target_id: 'tablet', changes: [{ field: 'trigger_group_map', before: '[]' }] });
    await api('devices', 'PUT', `/device-settings/${device.id}`, { templateId: null, power_settings: { show_screen_status: 'inactive' } }, admin);
    expect((await about(device.id, 'device'))[0]!.changes.map((c) => c.field)).toEqual(['power_settings']);

    await api('devices', 'DELETE', `/devices/${device.id}`, undefined, admin);
    expect((await about(device.id, 'device'))[0]).toMatchObject({ action: 'deleted', changes: expect.arrayContaining([{ field: 'name', before: 'Entrance kiosk', after: null }]) });
  });

  it('stores no password, PIN, webhook secret, token or hash anywhere, and keeps each entry 365 days', async () => {
    const rows = await rawEntries();
    expect(rows.length).toBeGreaterThan(20);
    const stored = JSON.stringify(rows);
    expect(secrets.length).toBeGreaterThanOrEqual(7);
    // Every text the rows hold. A PIN is four digits, which a random id or a number may hold by
    // chance (a clean-clone run of 47ab302 found '0815' somewhere in the rows' JSON): no text may
    // be a PIN or hold one as a quoted value (an object kept as JSON); a longer secret may not be
    // anywhere.
    const texts: string[] = [];
    const walk = (value: unknown): void => {
      if (typeof value === 'string') texts.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    walk(rows);
    for (const secret of secrets) {
      if (secret.length >= 8) expect(stored).not.toContain(secret);
      else expect(texts.filter((text) => text === secret || text.includes(`"${secret}"`))).toEqual([]);
    }
    expect(stored).not.toMatch(/pinHash|tokenHash|ciphertext|secret_hint|whsec_/);
    for (const row of rows) {
      expect(row[TABLE_DEFINITION.timeToLiveAttribute]).toBe(Math.floor(Date.parse(row.at as string) / 1000) + AUDIT_RETENTION_DAYS * 86_400);
    }
  });

  it('keeps the request when its entry cannot be written, and logs the entry', async () => {
    const { result, lines } = await captureLogs(() =>
      recordChange(orgId, { userId: owner.id }, { kind: 'no-such-kind' as never, action: 'created', target: { id: 'x', name: 'x' }, after: { name: 'x' } }),
    );
    expect(result).toBeUndefined();
    expect(lines.find((line) => line.message === 'Audit entry not recorded')).toMatchObject({ level: 'ERROR', orgId, entries: [expect.objectContaining({ targetId: 'x' })] });
  });
});

describe('reading the trail', () => {
  it('filters by kind and by actor', async () => {
    const all = await entries();
    const byAdmin = await entries(`actor_id=${admin.id}`);
    expect(byAdmin.length).toBeGreaterThan(0);
    expect(byAdmin).toEqual(all.filter((e) => e.actor_id === admin.id));
    expect(await entries('kind=device_credentials')).toEqual(all.filter((e) => e.kind === 'device_credentials'));
    expect(await entries(`kind=device&actor_id=${owner.id}`)).toEqual([]);
  });

  it("reads a range of the organisation's days, newest first", async () => {
    const today = dayIn(ZONE, new Date()).date;
    const all = await entries();
    expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort().reverse());
    expect(await entries(`from=${today}&to=${today}`)).toEqual(all);
    expect(await entries(`to=${addDays(today, -1)}`)).toEqual([]);
    expect(await entries(`from=${addDays(today, -364)}`)).toEqual(all);
  });

  it('pages with next_token, every entry once', async () => {
    const all = await entries();
    const seen: AuditEntryDto[] = [];
    let token: string | undefined;
    do {
      const page = await trail(`limit=7${token ? `&next_token=${token}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(7);
      seen.push(...page.body.items);
      token = page.body.next_token;
    } while (token);
    expect(seen).toEqual(all);
    // A filtered page fills up past the entries it skips.
    const [first] = (await trail('limit=1&kind=trigger')).body.items;
    expect(first).toEqual(all.find((e) => e.kind === 'trigger'));
  });

  it("answers the product's 400s", async () => {
    const today = dayIn(ZONE, new Date()).date;
    const refused = async (query: string, message: string) => expect(await trail(query)).toMatchObject({ status: 400, body: { message } });
    await refused(`from=${today}&to=${addDays(today, -1)}`, AUDIT_MESSAGES.rangeReversed);
    await refused(`from=${addDays(today, 1)}`, AUDIT_MESSAGES.rangeReversed);
    await refused(`from=${addDays(today, -365)}&to=${today}`, AUDIT_MESSAGES.rangeTooLong);
    await refused('limit=0', AUDIT_MESSAGES.limit);
    await refused('limit=201', AUDIT_MESSAGES.limit);
    await refused('kind=everything', AUDIT_MESSAGES.unknownKind);
    await refused(`next_token=${Buffer.from(JSON.stringify({ pk: 'ORG#someone-else', sk: 'AUDIT#x' })).toString('base64url')}`, PAGE_TOKEN_INVALID);
    // own-module-instance: reports registers the same text as 'reports.rangeReversed', and a text
    // registered twice answers the first code (shared/src/api/server-messages.ts), as in the audit
    // Lambda, which carries no reports: this file runs with no other module's files loaded before.
    expect((await trail(`from=${today}&to=${addDays(today, -1)}`)).body.code).toBe('audit.rangeReversed');
  });

  it("refuses an admin, an employee and another organisation's superadmin", async () => {
    const employee = await member(['employee'], 'employee');
    const otherEmail = unique('other');
    const otherId = await createIdentity(otherEmail, 'Other-Pass-1!');
    await foundOrganization({ name: 'Other Shop', timeZone: ZONE, owner: ownerOf(otherId, ['superadmin'], otherEmail) });
    const other = await signIn(otherEmail, 'Other-Pass-1!');
    for (const token of [admin.token, employee.token, other]) expect((await trail('', token)).status).toBe(403);
  });
});
