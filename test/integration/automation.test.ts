import { randomUUID } from 'node:crypto';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DEFAULT_AUTOMATION_SETTINGS,
  TRIGGER_GROUPS_PER_ORG_MAX,
  TRIGGERS_PER_ORG_MAX,
  type TriggerDto,
  type TriggerGroupDto,
  type TriggerWithSecretDto,
} from '@portal/shared/automation/automation.schema';
import type { DeviceConfigData } from '@portal/shared/devices/device-config';
import { parseEnvelope } from '@portal/shared/devices/topics';
import { TriggerGroupEntity } from '../../functions/src/automation/trigger-group.entity.ts';
import { TriggerEntity } from '../../functions/src/automation/trigger.entity.ts';
import { triggerMenuOf, triggerSecret } from '../../functions/src/automation/triggers.service.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { newId } from '../../functions/src/platform/db/ids.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { MembershipEntity } from '../../functions/src/platform/tenancy/membership.entity.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';
import { waitFor } from '../support/wait-for.ts';

const PASSWORD = 'Automation-Pass-1!';
const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@automation.test`;
const content = (title: string) => ({ title: { text: title }, body: { text: '' } });
const everyone = [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }];
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const runtime = inject('runtime');

afterAll(() => closeDelivery());

async function organisation(name: string) {
  const email = unique('admin');
  const adminId = await createIdentity(email, PASSWORD);
  const orgId = await foundOrganization({ name, timeZone: 'Europe/Berlin', owner: ownerOf(adminId, ['admin'], email) });
  return { orgId, adminId, token: await signIn(email, PASSWORD) };
}

describe('automation: triggers, trigger groups and settings', () => {
  let orgId: string;
  let adminId: string;
  let token: string;
  let templates: { notification: string; action: string; task: string };
  const api = (method: string, path: string, body?: unknown, as = token, module: 'automation' | 'settings' | 'users' = 'automation') =>
    callApi(module, method, `/api/organizations/${orgId}${path}`, { token: as, body });
  const refused = async (method: string, path: string, body: unknown, message: string, status = 400) => {
    const answer = await api(method, path, body);
    expect(answer, JSON.stringify(body)).toMatchObject({ status, body: { message } });
    return answer.body as { message: string; code: string; errors?: Record<string, string> };
  };
  const created = async (path: string, body: unknown) => {
    const answer = await api('POST', path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  };
  const trigger = (overrides: Record<string, unknown> = {}) => ({ name: 'Help at bottle return', type: 'flic-button', workflows: [], ...overrides });
  const group = (triggerIds: string[], overrides: Record<string, unknown> = {}) => ({ name: 'Kiosk', description: 'Entrance tablet', type: 'kiosk-app', trigger_ids: triggerIds, ...overrides });
  const triggerIds = async () => ((await api('GET', '/triggers')).body.items as TriggerDto[]).map((t) => t.id).sort();

  beforeAll(async () => {
    ({ orgId, adminId, token } = await organisation('Automation Market'));
    const post = async (module: 'notifications' | 'actions' | 'tasks', path: string, body: unknown) => {
      const answer = await callApi(module, 'POST', `/api/organizations/${orgId}${path}`, { token, body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.id as string;
    };
    templates = {
      notification: await post('notifications', '/notification-templates', { title: 'Drill', notification: { content: content('Drill'), recipient_groups: everyone } }),
      action: await post('actions', '/action-templates', { action: { content: content('Bottle return'), recipient_groups: everyone, config: { forward_after: 30, response_threshold: { type: 1 } } } }),
      task: await post('tasks', '/task-templates', { task: { content: { ...content('Clean up'), checklist: [] }, recipient_groups: everyone, config: { closure_criteria: 'one', reminders_enabled: false } } }),
    };
  });

  it('refuses every invalid trigger with the product message and stores nothing', async () => {
    const before = await triggerIds();
    const nameRequired = await refused('POST', '/triggers', { type: 'general' }, 'name is required');
    expect(nameRequired).toMatchObject({ code: 'automation.nameRequired', errors: { name: 'name is required' } });
    await refused('POST', '/triggers', trigger({ name: '   ' }), 'name is required');
    await refused('POST', '/triggers', trigger({ name: 'x'.repeat(101) }), 'Name must be at most 100 characters');
    await refused('POST', '/triggers', { name: 'No type' }, 'Type is required');
    await refused('POST', '/triggers', trigger({ type: 'doorbell' }), 'Unknown trigger type');
    await refused('POST', '/triggers', trigger({ workflows: [{ id: templates.action, type: 'email-template' }] }), 'Workflow item type must be task-template, notification-template or action-template');
    await refused('POST', '/triggers', trigger({ workflows: [{ type: 'action-template' }] }), 'Workflow item id is required');
    for (const seconds of [-1, 61, 1.5]) {
      await refused('POST', '/triggers', trigger({ is_throttling_enabled: true, throttle_duration_in_seconds: seconds }), 'Min. Time Between Pushes must be 0 to 60 seconds');
    }
    // Types are checked before anything is cast (the HTTP preset's type check).
    await refused('POST', '/triggers', trigger({ throttle_duration_in_seconds: 'soon' }), 'throttle_duration_in_seconds must be a number');
    await refused('POST', '/triggers', trigger({ is_throttling_enabled: 'yes' }), 'is_throttling_enabled must be true or false');
    // Every workflow template must be the organisation's, of the item's type.
    const missing = await refused(
      'POST',
      '/triggers',
      trigger({ workflows: [{ id: templates.action, type: 'action-template' }, { id: 'no-such-template', type: 'task-template' }] }),
      'A workflow template was not found',
    );
    expect(missing).toMatchObject({ code: 'automation.workflowTemplateNotFound', errors: { 'workflows[1].id': 'A workflow template was not found' } });
    await refused('POST', '/triggers', trigger({ workflows: [{ id: templates.notification, type: 'action-template' }] }), 'A workflow template was not found');
    expect(await triggerIds()).toEqual(before);
  });

  it('refuses every invalid trigger group and stores nothing', async () => {
    const before = (await api('GET', '/trigger-groups')).body.items;
    await refused('POST', '/trigger-groups', { description: 'd', type: 'general' }, 'name is required');
    const description = await refused('POST', '/trigger-groups', { name: 'Menu', type: 'general' }, 'description is required');
    expect(description).toMatchObject({ code: 'automation.descriptionRequired', errors: { description: 'description is required' } });
    await refused('POST', '/trigger-groups', { name: 'Menu', description: '  ', type: 'general' }, 'description is required');
    await refused('POST', '/trigger-groups', { name: 'Menu', description: 'd' }, 'Type is required');
    await refused('POST', '/trigger-groups', group([], { type: 'watch-app' }), 'Unknown trigger group type');
    await refused('POST', '/trigger-groups', group(['no-such-trigger']), 'Unknown trigger in trigger_ids: no-such-trigger');
    expect((await api('GET', '/trigger-groups')).body.items).toEqual(before);
  });

  it('creates a trigger with a workflow of three templates, the throttle defaults, and its secret shown once', async () => {
    await api('PUT', '/settings/automation', { ...DEFAULT_AUTOMATION_SETTINGS, throttle_enabled: true, throttle_threshold: 15 });
    const workflows = [
      { id: templates.action, type: 'action-template' },
      { id: templates.notification, type: 'notification-template' },
      { id: templates.task, type: 'task-template' },
    ];
    const made = (await created('/triggers', trigger({ workflows, metadata: { is_external: true } }))) as TriggerWithSecretDto;
    expect(made).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      name: 'Help at bottle return',
      type: 'flic-button',
      workflows,
      metadata: { is_external: true },
      is_throttling_enabled: true,
      throttle_duration_in_seconds: 15,
      webhook: { path: `/api/hooks/${orgId}/${made.id}`, secret_hint: made.secret!.slice(-4), secret_created_at: made.created_time },
      secret: expect.stringMatching(SECRET),
      created_by: adminId,
      created_time: made.created_time,
      updated_time: made.created_time,
    });
    expect(await triggerSecret(orgId, made.id)).toBe(made.secret);
    // Reads never carry the secret.
    const { secret: _shownOnce, ...dto } = made;
    expect((await api('GET', `/triggers/${made.id}`)).body).toEqual(dto);
    expect((await api('GET', '/triggers')).body.items).toContainEqual(dto);
    expect(JSON.stringify((await api('GET', '/triggers')).body)).not.toContain(made.secret);

    // A throttle sent wins over the defaults; 0 and 60 are the bounds.
    for (const seconds of [0, 60]) {
      const explicit = (await created('/triggers', trigger({ is_throttling_enabled: false, throttle_duration_in_seconds: seconds }))) as TriggerWithSecretDto;
      expect(explicit).toMatchObject({ is_throttling_enabled: false, throttle_duration_in_seconds: seconds, webhook: null, secret: null });
      expect(await triggerSecret(orgId, explicit.id)).toBeNull();
    }
  });

  it('edits a trigger: the throttle left out stays, the webhook follows is_external, and the secret rotates', async () => {
    const made = (await created('/triggers', trigger({ name: 'Alarm', type: 'security-alarm', is_throttling_enabled: true, throttle_duration_in_seconds: 30 }))) as TriggerWithSecretDto;
    expect(made).toMatchObject({ webhook: null, secret: null });
    await refused('POST', `/triggers/${made.id}/secret`, undefined, 'This trigger has no webhook', 409);

    // Made external: a secret, answered this once.
    const external = (await api('PUT', `/triggers/${made.id}`, { name: 'Alarm (hall)', type: 'security-alarm', metadata: { is_external: true } })).body as TriggerWithSecretDto;
    expect(external).toMatchObject({ name: 'Alarm (hall)', is_throttling_enabled: true, throttle_duration_in_seconds: 30, secret: expect.stringMatching(SECRET), created_time: made.created_time });
    expect(external.webhook).toMatchObject({ path: `/api/hooks/${orgId}/${made.id}`, secret_hint: external.secret!.slice(-4) });
    // Still external: the secret stays and is not shown again.
    const kept = (await api('PUT', `/triggers/${made.id}`, { name: 'Alarm', type: 'security-alarm', metadata: { is_external: true }, throttle_duration_in_seconds: 5 })).body as TriggerWithSecretDto;
    expect(kept).toMatchObject({ secret: null, throttle_duration_in_seconds: 5, is_throttling_enabled: true, webhook: external.webhook });
    expect(await triggerSecret(orgId, made.id)).toBe(external.secret);

    const rotated = (await api('POST', `/triggers/${made.id}/secret`)).body as TriggerWithSecretDto;
    expect(rotated.secret).toMatch(SECRET);
    expect(rotated.secret).not.toBe(external.secret);
    expect(rotated.webhook!.secret_hint).toBe(rotated.secret!.slice(-4));
    expect(await triggerSecret(orgId, made.id)).toBe(rotated.secret);

    // No longer external: the secret is gone, so the old URL stops at once.
    const internal = (await api('PUT', `/triggers/${made.id}`, { name: 'Alarm', type: 'security-alarm' })).body as TriggerWithSecretDto;
    expect(internal).toMatchObject({ metadata: { is_external: false }, webhook: null, secret: null });
    expect(await triggerSecret(orgId, made.id)).toBeNull();
    // The edit is checked like the create.
    await refused('PUT', `/triggers/${made.id}`, { name: '', type: 'security-alarm' }, 'name is required');
    await refused('PUT', `/triggers/${made.id}`, { name: 'Alarm', type: 'security-alarm', workflows: [{ id: 'gone', type: 'notification-template' }] }, 'A workflow template was not found');
    expect((await api('GET', `/triggers/${made.id}`)).body).toMatchObject({ name: 'Alarm', workflows: [] });
    await refused('PUT', `/triggers/unknown-trigger`, { name: 'Alarm', type: 'general' }, 'Trigger not found', 404);
  });

  it('keeps trigger groups in order, lists only the organisation triggers, and a deleted trigger leaves its groups', async () => {
    const a = (await created('/triggers', trigger({ name: 'Bottles', type: 'tablet-kiosk-button' }))) as TriggerDto;
    const b = (await created('/triggers', trigger({ name: 'Cleaning', type: 'tablet-kiosk-button' }))) as TriggerDto;
    const kiosk = (await created('/trigger-groups', group([b.id, a.id, b.id]))) as TriggerGroupDto;
    expect(kiosk).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      name: 'Kiosk',
      description: 'Entrance tablet',
      type: 'kiosk-app',
      trigger_ids: [b.id, a.id],
      created_by: adminId,
      created_time: kiosk.created_time,
      updated_time: kiosk.created_time,
    });
    expect((await api('GET', `/trigger-groups/${kiosk.id}`)).body).toEqual(kiosk);
    expect((await api('GET', '/trigger-groups')).body.items).toContainEqual(kiosk);
    expect(await triggerMenuOf(orgId, kiosk.id)).toEqual({ trigger_group_id: kiosk.id, name: 'Kiosk', triggers: [{ id: b.id, name: 'Cleaning' }, { id: a.id, name: 'Bottles' }] });

    const edited = (await api('PUT', `/trigger-groups/${kiosk.id}`, group([a.id, b.id], { name: 'Kiosk (entrance)', type: 'user-app' }))).body as TriggerGroupDto;
    expect(edited).toMatchObject({ id: kiosk.id, name: 'Kiosk (entrance)', type: 'user-app', trigger_ids: [a.id, b.id], created_time: kiosk.created_time });
    await refused('PUT', `/trigger-groups/${kiosk.id}`, group([a.id], { name: '' }), 'name is required');
    await refused('PUT', '/trigger-groups/unknown-group', group([a.id]), 'Trigger group not found', 404);

    expect((await api('DELETE', `/triggers/${a.id}`)).status).toBe(204);
    expect((await api('GET', `/trigger-groups/${kiosk.id}`)).body.trigger_ids).toEqual([b.id]);
    await refused('GET', `/triggers/${a.id}`, undefined, 'Trigger not found', 404);
    await refused('DELETE', `/triggers/${a.id}`, undefined, 'Trigger not found', 404);
    expect(await triggerMenuOf(orgId, 'unknown-group')).toBeNull();
  });

  it('deletes a trigger with its secret', async () => {
    const made = (await created('/triggers', trigger({ metadata: { is_external: true } }))) as TriggerWithSecretDto;
    expect(await triggerSecret(orgId, made.id)).toBe(made.secret);
    expect((await api('DELETE', `/triggers/${made.id}`)).status).toBe(204);
    expect(await triggerSecret(orgId, made.id)).toBeNull();
    await refused('POST', `/triggers/${made.id}/secret`, undefined, 'Trigger not found', 404);
  });

  it('names triggers for senders', async () => {
    const made = (await created('/triggers', trigger({ name: 'Named' }))) as TriggerDto;
    const names = (await api('GET', '/trigger-names')).body.items as Array<{ id: string; name: string }>;
    expect(names).toContainEqual({ id: made.id, name: 'Named' });
    expect(Object.keys(names[0]!).sort()).toEqual(['id', 'name']);
  });

  it('stores /settings/automation: throttle defaults here, trigger menus in general settings, groups the organisation has', async () => {
    const fresh = await organisation('Automation Defaults');
    const read = (as = fresh.token) => callApi('automation', 'GET', `/api/organizations/${fresh.orgId}/settings/automation`, { token: as });
    const put = (body: unknown) => callApi('automation', 'PUT', `/api/organizations/${fresh.orgId}/settings/automation`, { token: fresh.token, body });
    expect((await read()).body).toEqual(DEFAULT_AUTOMATION_SETTINGS);
    // With no row, a new trigger gets the defaults.
    const plain = await callApi('automation', 'POST', `/api/organizations/${fresh.orgId}/triggers`, { token: fresh.token, body: trigger() });
    expect(plain.body).toMatchObject({ is_throttling_enabled: false, throttle_duration_in_seconds: 0 });

    const menu = await callApi('automation', 'POST', `/api/organizations/${fresh.orgId}/trigger-groups`, { token: fresh.token, body: group([plain.body.id], { type: 'user-app' }) });
    const settings = { throttle_enabled: true, throttle_threshold: 60, is_trigger_menus_enabled: true, trigger_menus_trigger_group_ids: [menu.body.id, menu.body.id] };
    for (const [body, message] of [
      [{ ...settings, throttle_threshold: 61 }, 'Min. Time Between Pushes must be 0 to 60 seconds'],
      [{ ...settings, trigger_menus_trigger_group_ids: [menu.body.id, 'no-such-group'] }, 'Unknown trigger group in trigger_menus_trigger_group_ids: no-such-group'],
      // Another organisation's group is no group of this one.
      [{ ...settings, trigger_menus_trigger_group_ids: [(await api('GET', '/trigger-groups')).body.items[0].id] }, expect.stringMatching(/^Unknown trigger group in trigger_menus_trigger_group_ids/)],
    ] as const) {
      expect(await put(body)).toMatchObject({ status: 400, body: { message } });
    }
    expect((await read()).body).toEqual(DEFAULT_AUTOMATION_SETTINGS);

    const saved = await put(settings);
    expect(saved).toMatchObject({ status: 200, body: { ...settings, trigger_menus_trigger_group_ids: [menu.body.id] } });
    expect((await read()).body).toEqual(saved.body);
    const general = await callApi('settings', 'GET', `/api/organizations/${fresh.orgId}/settings/general`, { token: fresh.token });
    expect(general.body.general).toMatchObject({ is_trigger_menus_enabled: true, trigger_menus_trigger_group_ids: [menu.body.id] });
    const throttled = await callApi('automation', 'POST', `/api/organizations/${fresh.orgId}/triggers`, { token: fresh.token, body: trigger() });
    expect(throttled.body).toMatchObject({ is_throttling_enabled: true, throttle_duration_in_seconds: 60 });

    // A deleted group leaves the trigger menus (decision 0039).
    expect((await callApi('automation', 'DELETE', `/api/organizations/${fresh.orgId}/trigger-groups/${menu.body.id}`, { token: fresh.token })).status).toBe(204);
    expect((await read()).body).toMatchObject({ is_trigger_menus_enabled: true, trigger_menus_trigger_group_ids: [] });

    // Admins manage them; an assistant may not (spec 001 §6).
    const assistantEmail = unique('assistant');
    await MembershipEntity.create({ orgId: fresh.orgId, userId: await createIdentity(assistantEmail, PASSWORD), roles: ['assistant'] }).go();
    expect((await read(await signIn(assistantEmail, PASSWORD))).status).toBe(403);
  });

  it("republishes a kiosk tablet's config when its group, a trigger of it or the group itself goes", async () => {
    const client = await connectAsync(runtime.mqttTcpUrl, { username: 'portal', password: runtime.mqttInternalToken, clientId: `portal-automation-${randomUUID()}`, reconnectPeriod: 0 });
    const configs: DeviceConfigData[] = [];
    client.on('message', (_topic, payload) => {
      const envelope = parseEnvelope(payload.toString('utf8'));
      if (envelope?.type === 'config') configs.push(envelope.data as unknown as DeviceConfigData);
    });
    try {
      const [bottles, spill] = [(await created('/triggers', trigger({ name: 'Bottles' }))).id as string, (await created('/triggers', trigger({ name: 'Spill' }))).id as string];
      const kiosk = (await created('/trigger-groups', group([bottles, spill]))).id as string;
      const tablet = await callApi('devices', 'POST', `/api/organizations/${orgId}/devices`, { token, body: { device_id: `SN-${randomUUID().slice(0, 8)}`, type: 'android_tablet' } });
      await client.subscribeAsync(tablet.body.credentials.mqtt.topics.config as string, { qos: 1 });
      const map = { general: { tablet: { trigger_group_map: [{ device_id: tablet.body.device.id, trigger_group_id: kiosk }] } } };
      const superadminEmail = unique('super');
      await MembershipEntity.create({ orgId, userId: await createIdentity(superadminEmail, PASSWORD), roles: ['superadmin'] }).go();
      expect((await callApi('settings', 'PATCH', `/api/organizations/${orgId}/settings/general`, { token: await signIn(superadminEmail, PASSWORD), body: map })).status).toBe(200);
      const menu = (what: string, done: (names: string[] | null) => boolean) =>
        waitFor(() => configs.at(-1)?.trigger_menu?.triggers.map((t) => t.name) ?? null, done, what);
      await menu('the mapped group', (names) => names?.join() === 'Bottles,Spill');
      expect((await api('PUT', `/trigger-groups/${kiosk}`, group([spill, bottles]))).status).toBe(200);
      await menu('the reordered group', (names) => names?.join() === 'Spill,Bottles');
      expect((await api('DELETE', `/triggers/${spill}`)).status).toBe(204);
      await menu('the group without the deleted trigger', (names) => names?.join() === 'Bottles');
      expect((await api('DELETE', `/trigger-groups/${kiosk}`)).status).toBe(204);
      await waitFor(() => configs.at(-1), (config) => config?.trigger_menu === null, 'no menu once the group is deleted');
    } finally {
      await client.endAsync(true);
    }
  });

  it('refuses a trigger or a trigger group past the organisation caps', async () => {
    const full = await organisation('Automation Full');
    const now = new Date().toISOString();
    const base = { orgId: full.orgId, createdBy: full.adminId, createdTime: now, updatedTime: now };
    await TriggerEntity.put(
      Array.from({ length: TRIGGERS_PER_ORG_MAX }, (_, i) => ({
        ...base,
        triggerId: newId(),
        name: `Trigger ${i}`,
        type: 'general' as const,
        workflows: [],
        isExternal: false,
        isThrottlingEnabled: false,
        throttleDurationInSeconds: 0,
      })),
    ).go();
    await TriggerGroupEntity.put(
      Array.from({ length: TRIGGER_GROUPS_PER_ORG_MAX }, (_, i) => ({ ...base, triggerGroupId: newId(), name: `Group ${i}`, description: 'd', type: 'general' as const, triggerIds: [] })),
    ).go();
    const post = (path: string, body: unknown) => callApi('automation', 'POST', `/api/organizations/${full.orgId}${path}`, { token: full.token, body });
    expect(await post('/triggers', trigger())).toMatchObject({ status: 409, body: { message: 'An organization can have at most 500 triggers', code: 'automation.triggersLimit' } });
    expect(await post('/trigger-groups', group([]))).toMatchObject({ status: 409, body: { message: 'An organization can have at most 200 trigger groups', code: 'automation.triggerGroupsLimit' } });
  });
});
