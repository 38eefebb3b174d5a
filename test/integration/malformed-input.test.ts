import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnySchema, Schema } from 'yup';
import { MAX_RAW_BODY_BYTES } from '@portal/shared/api/limits';
import { ROUTES, routeKey, type RouteDefinition } from '@portal/shared/api/route-table';
import { buildPath } from '@portal/shared/api/route-path';
import { defaultSchedule } from '@portal/shared/devices/tablet-settings.schema';
import { notificationSchema } from '@portal/shared/notifications/notification.schema';
import { taskSchema } from '@portal/shared/tasks/task.schema';
import { documentClient } from '../../functions/src/platform/db/client.ts';
import { env } from '../../functions/src/platform/config.ts';
import { parseInput, type RequestSchemas } from '../../functions/src/platform/http/validate.middleware.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { updateGeneralSettings } from '../../functions/src/settings/general-settings.service.ts';
import { findSignInIdentity } from '../../functions/src/platform/identity/cognito-admin.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { fieldCases, fieldQueries, genericCases, genericQueries } from '../support/malformed-corpus.ts';
import { ownerOf, SETUP_ACTOR } from '../support/owner.ts';

/**
 * EVERY write route of the route table gets at least 40 malformed bodies and EVERY route at least
 * 10 malformed query strings, as the organisation's superadmin (so nothing is refused for lack of
 * rights). Each must answer 4xx with the product's `{message}` (never yup's default wording), and
 * the organisation's data must be exactly as before. New routes join automatically; a new write
 * route needs a valid body below (the malformed ones break it one field at a time), and a new path
 * parameter a fixture.
 */
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const YUP_DEFAULTS = /is a required field|must be a `\w+` type|final value was|must be one of the following values|field must have/;
const PASSWORD = 'Malformed-Pass-1!';
const runId = randomUUID().slice(0, 8);

interface Fixtures {
  orgId: string;
  token: string;
  userId: string;
  groupId: string;
  deviceId: string;
  deviceSerial: string;
  tabletTemplateId: string;
  notificationTemplateId: string;
  notificationId: string;
  actionTemplateId: string;
  actionId: string;
  /** A task starting in 2030 (it takes full edits), a draft and a task template. */
  taskId: string;
  taskDraftId: string;
  taskTemplateId: string;
  /** A shift activity type, a draft shift of 2030-W23 with it, and a week template of that week. */
  activityTypeId: string;
  shiftId: string;
  shiftTemplateId: string;
  /** A trigger (workflow of the action template) and a trigger group listing it. */
  triggerId: string;
  triggerGroupId: string;
  /** An external trigger: the webhook routes (raw bodies) are walked against it without its secret. */
  webhookTriggerId: string;
}

const content = { title: { text: 'Till' }, body: { text: 'Who can help?' } };
const everyone = [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }];
const notification = { content, recipient_groups: everyone, config: { send: { date: '2030-06-03', time: '10:00', offset: '+02:00' }, recurring: null } };
const actionConfig = { forward_after: 30, response_threshold: { type: 3, number: 2 } };
const task = {
  content: { ...content, checklist: [{ id: 'c1', title: { text: 'Lights' }, is_checked: false, is_deleted: false }] },
  recipient_groups: everyone,
  config: { closure_criteria: 'one', reminders_enabled: false, start: { date: '2030-06-03', time: '10:00', offset: '+02:00' }, end: { date: '2030-06-03', time: '11:00', offset: '+02:00' }, recurring: null },
  meta: { template_id: null, trigger_id: null },
};
const taskTemplate = { task: { content: task.content, recipient_groups: everyone, config: { closure_criteria: 'one', reminders_enabled: false } } };
const shiftAt = (date: string, time: string) => ({ date, time, offset: '+02:00' });
const shift = (f: Fixtures) => ({
  user_id: f.userId,
  name: 'Early',
  start: shiftAt('2030-06-03', '06:00'),
  end: shiftAt('2030-06-03', '14:00'),
  activities: [{ activity_type_id: f.activityTypeId, start: shiftAt('2030-06-03', '06:00'), end: shiftAt('2030-06-03', '10:00') }],
});
const signUpEmail = `signup-${runId}@malformed.test`;
const newUserEmail = `new-${runId}@malformed.test`;

/** A valid body per write route, by route key without the organisation prefix. */
const VALID_BODIES: Record<string, (f: Fixtures) => Record<string, unknown>> = {
  'POST /api/signup': () => ({ company_name: 'Malformed Ltd', signup_code: 'IT-CODE-1', firstname: 'Sam', lastname: 'Sign', email: signUpEmail, password: PASSWORD }),
  'POST /api/me/change-password': (f) => ({ old_password: 'Not-The-Pass-1!', new_password: 'Another-Pass-2!', userId: f.userId }),
  'PATCH /settings/general': () => ({ general: { features: { notifications: 'enable' }, dashboards: ['tasks'] } }),
  'PUT /settings/tablet-trigger-groups': (f) => ({ trigger_group_map: [{ device_id: f.deviceId, trigger_group_id: f.triggerGroupId }] }),
  // A real 1×1 PNG: the logo's type is read off its bytes.
  'PUT /settings/logo': () => ({ content_type: 'image/png', image: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==' }),
  'DELETE /settings/logo': () => ({}),
  'POST /api/client-errors': () => ({ kind: 'uncaught', message: 'TypeError: x is undefined', stack: 'at main.js:1:1', path: '/dashboard', release: '1.0.0', user_agent: 'Chromium' }),
  'POST /users': () => ({ firstname: 'Nia', lastname: 'New', email: newUserEmail, password: PASSWORD, access_level: 'employee', pin_code: '1234' }),
  'PUT /users/{userId}': () => ({ firstname: 'Eda', lastname: 'Edit', access_level: 'employee' }),
  'DELETE /users/{userId}': () => ({}),
  'PUT /users/{userId}/groups': (f) => ({ user_group_ids: [f.groupId] }),
  'POST /user-groups': (f) => ({ name: 'Tills', color: '#1E88E5', users: [f.userId] }),
  'PUT /user-groups/{groupId}': (f) => ({ name: 'Tills', color: '#1E88E5', users: [f.userId] }),
  'DELETE /user-groups/{groupId}': () => ({}),
  'POST /devices': (f) => ({ device_id: `serial-${runId}-new`, type: 'wear_os', name: 'Watch', protocol: 'MQTT', user_id: f.userId }),
  'PUT /devices/{deviceId}': (f) => ({ device_id: f.deviceSerial, type: 'android_tablet', name: 'Tablet', protocol: 'MQTT', user_id: null }),
  'DELETE /devices/{deviceId}': () => ({}),
  'POST /devices/{deviceId}/credentials': () => ({}),
  'PUT /device-settings/{deviceId}': (f) => ({
    templateId: f.tabletTemplateId,
    power_settings: { show_screen_status: 'scheduled', show_screen_schedule: defaultSchedule() },
  }),
  'POST /tablet-templates': () => ({ name: 'Brand', design_settings: { colors: { primary: '#00897B' } } }),
  'PUT /tablet-templates/{templateId}': () => ({ name: 'Brand', design_settings: { colors: { primary: '#00897B' } } }),
  'DELETE /tablet-templates/{templateId}': () => ({}),
  'POST /notifications': () => notification,
  'PUT /notifications/{notificationId}': () => notification,
  'DELETE /notifications/{notificationId}': () => ({}),
  'POST /notification-templates': () => ({ title: 'Till', notification: { content, recipient_groups: everyone } }),
  'PUT /notification-templates/{templateId}': () => ({ title: 'Till', notification: { content, recipient_groups: everyone } }),
  'DELETE /notification-templates/{templateId}': () => ({}),
  'POST /actions': () => ({ content, recipient_groups: everyone, config: actionConfig }),
  'DELETE /actions/{actionId}': () => ({}),
  'POST /action-templates': () => ({ action: { content, recipient_groups: everyone, config: actionConfig } }),
  'PUT /action-templates/{templateId}': () => ({ action: { content, recipient_groups: everyone, config: actionConfig } }),
  'DELETE /action-templates/{templateId}': () => ({}),
  'PUT /settings/actions': () => ({ forward_after_options: [10, 30, 60], forward_after_default: 30 }),
  'POST /tasks': () => task,
  'PUT /tasks/{taskId}': () => task,
  'DELETE /tasks/{taskId}': () => ({}),
  'POST /tasks/{taskId}/complete': () => ({}),
  'DELETE /tasks/{taskId}/complete': () => ({}),
  // The checklist batch is a list (spec 000 §7): [{id, is_checked}].
  'PUT /tasks/{taskId}/checklist': () => [{ id: 'c1', is_checked: true }] as unknown as Record<string, unknown>,
  'POST /task-drafts': () => task,
  'PUT /task-drafts/{draftId}': () => task,
  'DELETE /task-drafts/{draftId}': () => ({}),
  'POST /task-drafts/{draftId}/send': () => ({}),
  'POST /task-templates': () => taskTemplate,
  'PUT /task-templates/{templateId}': () => taskTemplate,
  'DELETE /task-templates/{templateId}': () => ({}),
  'PUT /settings/tasks': () => ({ reminder_offsets_minutes: [60, 15], notify_creator_when_overdue: true }),
  'POST /shift-activity-types': () => ({ name: 'Cashier', color: '#1E88E5' }),
  'PUT /shift-activity-types/{activityTypeId}': () => ({ name: 'Cashier', color: '#1E88E5' }),
  'DELETE /shift-activity-types/{activityTypeId}': () => ({}),
  'POST /shifts': shift,
  'PUT /shifts/{shiftId}': shift,
  'DELETE /shifts/{shiftId}': () => ({}),
  'POST /shift-weeks/{week}/publish': () => ({}),
  'POST /shift-weeks/{week}/copy-previous': () => ({}),
  'POST /shift-templates': () => ({ name: 'Standard week', week: '2030-W23' }),
  'POST /shift-templates/{templateId}/apply': () => ({ week: '2030-W24', replace: false }),
  'DELETE /shift-templates/{templateId}': () => ({}),
  'PUT /settings/dashboard': () => ({ panels: ['tasks', 'actions'] }),
  'POST /triggers': (f) => ({ name: 'Bottles', type: 'flic-button', workflows: [{ id: f.actionTemplateId, type: 'action-template' }], metadata: { is_external: false } }),
  'PUT /triggers/{triggerId}': (f) => ({
    name: 'Bottles',
    type: 'flic-button',
    workflows: [{ id: f.actionTemplateId, type: 'action-template' }],
    metadata: { is_external: false },
    is_throttling_enabled: true,
    throttle_duration_in_seconds: 10,
  }),
  'DELETE /triggers/{triggerId}': () => ({}),
  'POST /triggers/{triggerId}/secret': () => ({}),
  'POST /trigger-groups': (f) => ({ name: 'Kiosk', description: 'Entrance', type: 'kiosk-app', trigger_ids: [f.triggerId] }),
  'PUT /trigger-groups/{triggerGroupId}': (f) => ({ name: 'Kiosk', description: 'Entrance', type: 'kiosk-app', trigger_ids: [f.triggerId] }),
  'DELETE /trigger-groups/{triggerGroupId}': () => ({}),
  'PUT /settings/automation': (f) => ({ throttle_enabled: true, throttle_threshold: 10, is_trigger_menus_enabled: true, trigger_menus_trigger_group_ids: [f.triggerGroupId] }),
  'PUT /settings/watch': () => ({ vibration: { notification: 'short', action: 'double', task: 'short' }, display_seconds: 15, quiet_hours: { enabled: false, start: '22:00', end: '06:00' } }),
  // The time zone is a patch (spec 001 §7): a list of one operation.
  'PATCH /time-zone': () => [{ op: 'add', path: '/time_zone', value: 'Europe/Berlin' }] as unknown as Record<string, unknown>,
  // Raw-body routes: any body is theirs to take (JSON, a form, nothing); this one is what a Flic hub sends.
  'POST /api/hooks/{orgId}/{triggerId}': () => ({ click: 'single' }),
  'POST /api/hooks/{orgId}/{triggerId}/{secret}': () => ({ click: 'single' }),
};

/** The schema the walk breaks: the route's body schema, or the service's for a service-validated body. */
const SERVICE_BODY_SCHEMAS: Record<string, Schema> = {
  'PUT /api/organizations/{orgId}/notifications/{notificationId}': notificationSchema,
  // A scheduled task is edited as a whole (ongoing ones content-only, a part of it).
  'PUT /api/organizations/{orgId}/tasks/{taskId}': taskSchema,
};

const shortKey = (route: RouteDefinition) => `${route.method} ${route.path.replace('/api/organizations/{orgId}', '')}`;

function pathFor(route: RouteDefinition, f: Fixtures): string {
  const byName: Record<string, string> = {
    orgId: f.orgId,
    userId: f.userId,
    groupId: f.groupId,
    deviceId: f.deviceId,
    notificationId: f.notificationId,
    actionId: f.actionId,
    taskId: f.taskId,
    draftId: f.taskDraftId,
    activityTypeId: f.activityTypeId,
    shiftId: f.shiftId,
    triggerId: f.triggerId,
    triggerGroupId: f.triggerGroupId,
    week: '2030-W23',
    report: 'actions',
    templateId: route.path.includes('/shift-templates/')
      ? f.shiftTemplateId
      : route.path.includes('/tablet-templates/')
      ? f.tabletTemplateId
      : route.path.includes('/action-templates/')
        ? f.actionTemplateId
        : route.path.includes('/task-templates/')
          ? f.taskTemplateId
          : f.notificationTemplateId,
    // The webhooks name an external trigger; the URL's secret is a wrong one (the walk never has the secret).
    ...(route.rawBody ? { triggerId: f.webhookTriggerId, secret: 'whsec_not-the-secret' } : {}),
  };
  const params = Object.fromEntries(
    [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
      if (!byName[name!]) throw new Error(`No fixture for path parameter {${name}} of ${routeKey(route)}: add one to this test`);
      return [name!, byName[name!]!];
    }),
  );
  return buildPath(route.path, params);
}

/** Everything the organisation stores under its own partitions, as sorted JSON. */
async function snapshot(f: Fixtures): Promise<string[]> {
  const partitions = [`ORG#${f.orgId}`, `ORG#${f.orgId}#GROUP#${f.groupId}`, `ORG#${f.orgId}#USERSEARCH#PERSON`, `ORG#${f.orgId}#USERSEARCH#DEVICE`];
  const items: string[] = [];
  for (const pk of partitions) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await documentClient.send(
        new QueryCommand({ TableName: env.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ExclusiveStartKey: start }),
      );
      items.push(...(page.Items ?? []).map((item) => JSON.stringify(item, Object.keys(item).sort())));
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return items.sort();
}

async function schemasOf(route: RouteDefinition): Promise<RequestSchemas> {
  const { handler } = (await import(`../../functions/src/${route.module}/handler.ts`)) as { handler: { schemas: ReadonlyMap<string, RequestSchemas> } };
  return handler.schemas.get(routeKey(route))!;
}

/**
 * A raw-body route (a webhook) parses no body, so a malformed one is no error of its own: without
 * the trigger's secret the answer is 401 (the walk's token is no webhook secret), 413 over the
 * size limit, never 400 for the body's shape and never 500.
 */
function expectRawRefused(label: string, sent: string, answer: { status: number; body: unknown }) {
  const expected = Buffer.byteLength(sent) > MAX_RAW_BODY_BYTES ? 413 : 401;
  expect({ label, status: answer.status }).toEqual({ label, status: expected });
  expectRefused(label, answer);
}

/** Bodies only a raw-body route takes apart: a form, none, just over its own (smaller) size limit. */
const rawCases = () => [
  { name: 'form body', body: 'button=flic1&click=hold' },
  { name: 'empty body', body: '' },
  { name: 'plain text', body: 'ALARM zone=3' },
  { name: 'body just over the raw-body limit', body: 'x'.repeat(MAX_RAW_BODY_BYTES + 1) },
];

function expectRefused(label: string, answer: { status: number; body: unknown }) {
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  expect({ label, status: answer.status >= 400 && answer.status < 500 ? '4xx' : answer.status, message: typeof message }).toEqual({
    label,
    status: '4xx',
    message: 'string',
  });
  expect([label, YUP_DEFAULTS.test(String(message))]).toEqual([label, false]);
}

describe('malformed input on every route of the route table', () => {
  let f: Fixtures;

  beforeAll(async () => {
    const email = `owner-${runId}@malformed.test`;
    const ownerId = await createIdentity(email, PASSWORD);
    const orgId = await foundOrganization({ name: 'Malformed', timeZone: 'Europe/Berlin', owner: ownerOf(ownerId, ['superadmin'], email) });
    await updateGeneralSettings(orgId, {
      general: { features: { dashboard: 'enable', shift_planner: 'enable', notifications: 'enable', tasks: 'enable', actions: 'enable', automation: 'enable', reports: 'enable' } },
    }, SETUP_ACTOR);
    const token = await signIn(email, PASSWORD);
    const api = async (method: string, path: string, body?: unknown) => {
      const answer = await callApi(moduleOf(method, path), method, `/api/organizations/${orgId}${path}`, { token, body });
      if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body as { id: string; device?: { id: string; device_id: string } };
    };
    const user = await api('POST', '/users', { firstname: 'Una', lastname: 'User', email: `user-${runId}@malformed.test`, password: PASSWORD });
    const group = await api('POST', '/user-groups', { name: 'Floor', color: '#E53935', users: [user.id] });
    const deviceSerial = `serial-${runId}`;
    const device = await api('POST', '/devices', { device_id: deviceSerial, type: 'android_tablet', name: 'Kiosk' });
    const tabletTemplate = await api('POST', '/tablet-templates', { name: 'Base', design_settings: { colors: { primary: '#000000' } } });
    const notificationTemplate = await api('POST', '/notification-templates', { title: 'Base', notification: { content, recipient_groups: everyone } });
    const scheduled = await api('POST', '/notifications', notification);
    const actionTemplate = await api('POST', '/action-templates', { action: { content, recipient_groups: everyone, config: actionConfig } });
    // Ten minutes to its time-out: the walk takes over a minute, and an expiry in it would change the snapshot.
    const action = await api('POST', '/actions', { content, recipient_groups: everyone, config: { ...actionConfig, forward_after: 600 } });
    const scheduledTask = await api('POST', '/tasks', task);
    const taskDraft = await api('POST', '/task-drafts', task);
    const taskTemplateRow = await api('POST', '/task-templates', taskTemplate);
    const activityType = await api('POST', '/shift-activity-types', { name: 'Stock', color: '#43A047' });
    const shiftRow = await api('POST', '/shifts', shift({ userId: user.id, activityTypeId: activityType.id } as Fixtures));
    const shiftTemplate = await api('POST', '/shift-templates', { name: 'Base week', week: '2030-W23' });
    const trigger = await api('POST', '/triggers', { name: 'Till', type: 'general', workflows: [{ id: actionTemplate.id, type: 'action-template' }] });
    const triggerGroup = await api('POST', '/trigger-groups', { name: 'Menu', description: 'Floor', type: 'user-app', trigger_ids: [trigger.id] });
    const webhookTrigger = await api('POST', '/triggers', { name: 'Bottle return', type: 'flic-button', workflows: [], metadata: { is_external: true } });
    f = {
      orgId,
      token,
      userId: user.id,
      groupId: group.id,
      deviceId: device.device!.id,
      deviceSerial,
      tabletTemplateId: tabletTemplate.id,
      notificationTemplateId: notificationTemplate.id,
      notificationId: scheduled.id,
      actionTemplateId: actionTemplate.id,
      actionId: action.id,
      taskId: scheduledTask.id,
      taskDraftId: taskDraft.id,
      taskTemplateId: taskTemplateRow.id,
      activityTypeId: activityType.id,
      shiftId: shiftRow.id,
      shiftTemplateId: shiftTemplate.id,
      triggerId: trigger.id,
      triggerGroupId: triggerGroup.id,
      webhookTriggerId: webhookTrigger.id,
    };
  });

  const writeRoutes = (ROUTES as readonly RouteDefinition[]).filter((route) => WRITE.has(route.method));

  it('has a valid body for every write route, accepted by its schema', async () => {
    for (const route of writeRoutes) {
      const valid = VALID_BODIES[shortKey(route)];
      expect([shortKey(route), typeof valid]).toEqual([shortKey(route), 'function']);
      const schema = SERVICE_BODY_SCHEMAS[routeKey(route)] ?? (await schemasOf(route)).body;
      if (schema) await parseInput(schema, valid!(f));
    }
  });

  it.each(writeRoutes.map((route) => [routeKey(route), route] as const))('%s refuses 40+ malformed bodies and stores nothing', async (_, route) => {
    const base = VALID_BODIES[shortKey(route)]!(f);
    const schema = SERVICE_BODY_SCHEMAS[routeKey(route)] ?? (await schemasOf(route)).body;
    const cases = [...genericCases(base), ...fieldCases(schema as AnySchema | undefined, base), ...(route.rawBody ? rawCases() : [])];
    expect(cases.length).toBeGreaterThanOrEqual(40);
    const before = await snapshot(f);
    for (const { name, body } of cases) {
      const answer = await callApi(route.module, route.method, pathFor(route, f), { token: f.token, body });
      if (route.rawBody) expectRawRefused(`${routeKey(route)} with ${name}`, body, answer);
      else expectRefused(`${routeKey(route)} with ${name}`, answer);
    }
    expect(await snapshot(f)).toEqual(before);
    if (route.path === '/api/signup') expect(await findSignInIdentity(signUpEmail)).toBeUndefined();
    if (shortKey(route) === 'POST /users') expect(await findSignInIdentity(newUserEmail)).toBeUndefined();
  });

  it.each((ROUTES as readonly RouteDefinition[]).map((route) => [routeKey(route), route] as const))(
    '%s refuses 10+ malformed query strings and stores nothing',
    async (_, route) => {
      const queries = [...genericQueries(), ...fieldQueries((await schemasOf(route)).query as AnySchema | undefined)];
      expect(queries.length).toBeGreaterThanOrEqual(10);
      const before = await snapshot(f);
      const base = WRITE.has(route.method) ? VALID_BODIES[shortKey(route)]!(f) : undefined;
      for (const query of queries) {
        const answer = await callApi(route.module, route.method, `${pathFor(route, f)}?${query}`, { token: f.token, body: base });
        expectRefused(`${routeKey(route)}?${query.slice(0, 60)}`, answer);
      }
      expect(await snapshot(f)).toEqual(before);
    },
  );
});

function moduleOf(method: string, path: string) {
  const route = ROUTES.find((r) => {
    if (r.method !== method) return false;
    const pattern = new RegExp(`^${r.path.replace('/api/organizations/{orgId}', '').replace(/\{\w+\}/g, '[^/]+')}$`);
    return pattern.test(path);
  });
  if (!route) throw new Error(`No route ${method} ${path}`);
  return route.module;
}
