import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleName } from '@portal/shared/api/route-table';
import { partsIn } from '@portal/shared/notifications/send-time';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { updateGeneralSettings } from '../../functions/src/settings/general-settings.service.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf, SETUP_ACTOR } from '../support/owner.ts';

// Scheduled notifications use the scheduling port's table adapter, as in the local runtime.
process.env.SCHEDULER ??= 'table';
afterAll(() => closeDelivery());

const PASSWORD = 'Cross-Pass-1!';
const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}`;
const serial = () => `SN-${randomUUID().slice(0, 8).toUpperCase()}`;
const content = (title: string) => ({ title: { text: title }, body: { text: '' } });
const toUsers = (...ids: string[]) => [{ group_number: 0, recipients: ids.map((id) => ({ id, type: 'user' })) }];
const toGroups = (...ids: string[]) => [{ group_number: 0, recipients: ids.map((id) => ({ id, type: 'user_group' })) }];
const actionConfig = (feedbackTo: unknown[] = []) => ({ forward_after: 30, response_threshold: { type: 1 }, feedback_recipient_groups: feedbackTo });
const inTwoHours = () => partsIn(new Date(Date.now() + 2 * 3_600_000), 'Europe/Berlin');
const taskConfig = () => ({ start: inTwoHours(), end: partsIn(new Date(Date.now() + 3 * 3_600_000), 'Europe/Berlin'), recurring: null });
const taskTemplate = (recipients: unknown[]) => ({ task: { content: content('Opening'), recipient_groups: recipients, config: { closure_criteria: 'one', reminders_enabled: false } } });

/** One organisation with one of everything a body can name. */
interface Org {
  orgId: string;
  token: string;
  /** A person (profile, membership, everyone group). */
  userId: string;
  /** A user group other than everyone. */
  groupId: string;
  watch: { id: string; serial: string };
  tabletId: string;
  designTemplateId: string;
  notificationTemplateId: string;
  actionTemplateId: string;
  /** A trigger running the action template, and a trigger group with it that general settings list for trigger menus. */
  triggerId: string;
  triggerGroupId: string;
  /** A notification scheduled two hours ahead, so it takes full edits. */
  scheduledId: string;
  taskTemplateId: string;
  /** A task starting in two hours, so it takes full edits. */
  scheduledTaskId: string;
  taskDraftId: string;
  /** A shift activity type and a draft shift of 2030-W23 with it. */
  activityTypeId: string;
  shiftId: string;
}

type Ref = keyof Omit<Org, 'orgId' | 'token' | 'watch'>;

async function call(org: Org, module: ModuleName, method: string, path: string, body?: unknown) {
  return callApi(module, method, `/api/organizations/${org.orgId}${path}`, { token: org.token, body });
}

async function created(org: Org, module: ModuleName, path: string, body: unknown): Promise<Record<string, any>> {
  const answer = await call(org, module, 'POST', path, body);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body;
}

async function organisation(name: string): Promise<Org> {
  const email = `${unique('owner')}@cross.test`;
  const ownerId = await createIdentity(email, PASSWORD);
  const orgId = await foundOrganization({ name, timeZone: 'Europe/Berlin', owner: ownerOf(ownerId, ['superadmin'], email) });
  const org = { orgId, token: await signIn(email, PASSWORD) } as Org;
  const person = await created(org, 'users', '/users', { firstname: 'Per', lastname: name, email: `${unique('person')}@cross.test`, password: PASSWORD });
  org.userId = person.id;
  org.groupId = (await created(org, 'users', '/user-groups', { name: 'Crew', color: '#E53935', users: [org.userId] })).id;
  const watchSerial = serial();
  org.watch = { id: (await created(org, 'devices', '/devices', { device_id: watchSerial })).device.id, serial: watchSerial };
  org.tabletId = (await created(org, 'devices', '/devices', { device_id: serial(), type: 'android_tablet' })).device.id;
  org.designTemplateId = (await created(org, 'devices', '/tablet-templates', { name: 'Lobby', design_settings: { theme: 'dark' } })).id;
  org.notificationTemplateId = (await created(org, 'notifications', '/notification-templates', { title: 'Drill', notification: { content: content('Drill'), recipient_groups: [] } })).id;
  org.actionTemplateId = (await created(org, 'actions', '/action-templates', { action: { content: content('Till 3'), recipient_groups: [], config: actionConfig() } })).id;
  org.triggerId = (await created(org, 'automation', '/triggers', { name: 'Help', type: 'flic-button', workflows: [{ id: org.actionTemplateId, type: 'action-template' }] })).id;
  org.triggerGroupId = (await created(org, 'automation', '/trigger-groups', { name: 'Menu', description: 'Floor', type: 'user-app', trigger_ids: [org.triggerId] })).id;
  await updateGeneralSettings(orgId, { general: { is_trigger_menus_enabled: true, trigger_menus_trigger_group_ids: [org.triggerGroupId] } }, SETUP_ACTOR);
  org.scheduledId = (await created(org, 'notifications', '/notifications', { content: content('Later'), recipient_groups: toUsers(org.userId), config: { send: inTwoHours() } })).id;
  org.taskTemplateId = (await created(org, 'tasks', '/task-templates', taskTemplate([]))).id;
  org.scheduledTaskId = (await created(org, 'tasks', '/tasks', { content: content('Later'), recipient_groups: toUsers(org.userId), config: taskConfig() })).id;
  org.taskDraftId = (await created(org, 'tasks', '/task-drafts', { content: content('Draft') })).id;
  org.activityTypeId = (await created(org, 'shifts', '/shift-activity-types', { name: 'Cashier', color: '#1E88E5' })).id;
  org.shiftId = (await created(org, 'shifts', '/shifts', shiftBody(org.userId, org.activityTypeId))).id;
  return org;
}

/**
 * One row per body field that names an id (docs/security.md, "Ids in request bodies"): the route,
 * the field as the 400 names it, which of the organisation's ids it takes, the request with that id,
 * and what a refused request must leave unchanged. A new field is one more row.
 */
interface Row {
  route: string;
  field: string;
  ref: Ref;
  module: ModuleName;
  request: (org: Org, id: string) => { method: string; path: string; body: unknown };
  /** What the refused request must not change. */
  state: (org: Org) => Promise<unknown>;
  /** The 400's message for B's id, when the field keeps an established one (default: `Unknown <noun> in <field>: <id>`). */
  message?: (id: string) => string;
  noun?: string;
}

const read = async (org: Org, module: ModuleName, path: string) => {
  const answer = await call(org, module, 'GET', path);
  expect(answer.status, `GET ${path}`).toBe(200);
  return answer.body;
};
const ids = (page: { items: Array<{ id: string }> }) => page.items.map((item) => item.id).sort();

const at = (time: string) => ({ date: '2030-06-03', time, offset: '+02:00' });
function shiftBody(userId: string, activityTypeId: string) {
  return { user_id: userId, start: at('06:00'), end: at('14:00'), activities: [{ activity_type_id: activityTypeId, start: at('06:00'), end: at('10:00') }] };
}
const shiftWeek = async (org: Org) => (await read(org, 'shifts', '/shift-weeks/2030-W23')).shifts;
const triggerBody = (workflowId: string) => ({ name: 'Help', type: 'flic-button', workflows: [{ id: workflowId, type: 'action-template' }] });
const triggerGroupBody = (triggerId: string) => ({ name: 'Menu', description: 'Floor', type: 'user-app', trigger_ids: [triggerId] });
const WORKFLOW_TEMPLATE_NOT_FOUND = () => 'A workflow template was not found';

const rows: Row[] = [
  {
    route: 'POST /user-groups',
    field: 'users',
    ref: 'userId',
    noun: 'user',
    module: 'users',
    request: (_org, id) => ({ method: 'POST', path: '/user-groups', body: { name: unique('Group'), color: '#1E88E5', users: [id] } }),
    state: async (org) => (await read(org, 'users', '/user-groups')).map((g: { id: string }) => g.id).sort(),
  },
  {
    route: 'PUT /user-groups/{groupId}',
    field: 'users',
    ref: 'userId',
    noun: 'user',
    module: 'users',
    request: (org, id) => ({ method: 'PUT', path: `/user-groups/${org.groupId}`, body: { name: 'Crew', color: '#E53935', users: [id] } }),
    state: async (org) => (await read(org, 'users', `/user-groups/${org.groupId}`)).users,
  },
  {
    route: 'PUT /users/{userId}/groups',
    field: 'user_group_ids',
    ref: 'groupId',
    noun: 'user group',
    module: 'users',
    request: (org, id) => ({ method: 'PUT', path: `/users/${org.userId}/groups`, body: { user_group_ids: [id] } }),
    state: async (org) => (await read(org, 'users', `/users/${org.userId}`)).groups,
  },
  {
    route: 'POST /users',
    field: 'trigger_menus_default_trigger_group_id',
    ref: 'triggerGroupId',
    module: 'users',
    request: (_org, id) => ({
      method: 'POST',
      path: '/users',
      body: { firstname: 'New', lastname: 'Person', email: `${unique('new')}@cross.test`, password: PASSWORD, trigger_menus_default_trigger_group_id: id },
    }),
    state: async (org) => ids(await read(org, 'users', '/users?limit=100')),
    message: () => 'This trigger group cannot be used as a trigger menu',
  },
  {
    route: 'PUT /users/{userId}',
    field: 'trigger_menus_default_trigger_group_id',
    ref: 'triggerGroupId',
    module: 'users',
    request: (org, id) => ({ method: 'PUT', path: `/users/${org.userId}`, body: { firstname: 'Per', lastname: 'Son', trigger_menus_default_trigger_group_id: id } }),
    state: (org) => read(org, 'users', `/users/${org.userId}`),
    message: () => 'This trigger group cannot be used as a trigger menu',
  },
  {
    route: 'POST /devices',
    field: 'user_id',
    ref: 'userId',
    module: 'devices',
    request: (_org, id) => ({ method: 'POST', path: '/devices', body: { device_id: serial(), user_id: id } }),
    state: async (org) => ids(await read(org, 'devices', '/devices?limit=100')),
    message: () => 'User not found',
  },
  {
    route: 'PUT /devices/{deviceId}',
    field: 'user_id',
    ref: 'userId',
    module: 'devices',
    request: (org, id) => ({ method: 'PUT', path: `/devices/${org.watch.id}`, body: { device_id: org.watch.serial, user_id: id } }),
    state: (org) => read(org, 'devices', `/devices/${org.watch.id}`),
    message: () => 'User not found',
  },
  {
    route: 'PUT /device-settings/{deviceId}',
    field: 'templateId',
    ref: 'designTemplateId',
    module: 'devices',
    request: (org, id) => ({ method: 'PUT', path: `/device-settings/${org.tabletId}`, body: { templateId: id, power_settings: { show_screen_status: 'active' } } }),
    state: (org) => read(org, 'devices', `/device-settings/${org.tabletId}`),
    message: () => 'Design template not found',
  },
  {
    route: 'PATCH /settings/general',
    field: 'general.tablet.trigger_group_map.device_id',
    ref: 'tabletId',
    noun: 'device',
    module: 'settings',
    request: (org, id) => ({
      method: 'PATCH',
      path: '/settings/general',
      body: { general: { tablet: { trigger_group_map: [{ device_id: id, trigger_group_id: org.triggerGroupId }] } } },
    }),
    state: (org) => read(org, 'settings', '/settings/general'),
  },
  {
    route: 'PUT /settings/tablet-trigger-groups',
    field: 'trigger_group_map.device_id',
    ref: 'tabletId',
    noun: 'device',
    module: 'settings',
    request: (org, id) => ({ method: 'PUT', path: '/settings/tablet-trigger-groups', body: { trigger_group_map: [{ device_id: id, trigger_group_id: org.triggerGroupId }] } }),
    state: (org) => read(org, 'settings', '/settings/general'),
  },
  {
    route: 'POST /notifications',
    field: 'recipient_groups',
    ref: 'userId',
    noun: 'user',
    module: 'notifications',
    request: (_org, id) => ({ method: 'POST', path: '/notifications', body: { content: content('To a user'), recipient_groups: toUsers(id) } }),
    state: async (org) => [ids(await read(org, 'notifications', '/notifications?tab=sent&limit=100')), ids(await read(org, 'notifications', '/notifications?tab=scheduled&limit=100'))],
  },
  {
    route: 'POST /notifications',
    field: 'recipient_groups',
    ref: 'groupId',
    noun: 'user group',
    module: 'notifications',
    request: (_org, id) => ({ method: 'POST', path: '/notifications', body: { content: content('To a group'), recipient_groups: toGroups(id) } }),
    state: async (org) => ids(await read(org, 'notifications', '/notifications?tab=sent&limit=100')),
  },
  {
    route: 'POST /notifications',
    field: 'recipient_groups',
    ref: 'activityTypeId',
    noun: 'shift activity',
    module: 'notifications',
    request: (org, id) => ({
      method: 'POST',
      path: '/notifications',
      body: { content: content('To the till'), recipient_groups: [{ group_number: 0, recipients: [{ id: org.userId, type: 'user' }, { id, type: 'shift_activity_type' }] }] },
    }),
    state: async (org) => ids(await read(org, 'notifications', '/notifications?tab=sent&limit=100')),
  },
  {
    route: 'POST /notifications',
    field: 'meta.template_id',
    ref: 'notificationTemplateId',
    noun: 'notification template',
    module: 'notifications',
    request: (org, id) => ({
      method: 'POST',
      path: '/notifications',
      body: { content: content('From a template'), recipient_groups: toUsers(org.userId), meta: { template_id: id } },
    }),
    state: async (org) => ids(await read(org, 'notifications', '/notifications?tab=sent&limit=100')),
  },
  {
    route: 'PUT /notifications/{notificationId}',
    field: 'recipient_groups',
    ref: 'userId',
    noun: 'user',
    module: 'notifications',
    request: (org, id) => ({
      method: 'PUT',
      path: `/notifications/${org.scheduledId}`,
      body: { content: content('Later'), recipient_groups: toUsers(id), config: { send: inTwoHours() } },
    }),
    state: async (org) => {
      const { recipient_groups, send_at } = await read(org, 'notifications', `/notifications/${org.scheduledId}`);
      return { recipient_groups, send_at };
    },
  },
  {
    route: 'POST /notification-templates',
    field: 'notification.recipient_groups',
    ref: 'userId',
    noun: 'user',
    module: 'notifications',
    request: (_org, id) => ({ method: 'POST', path: '/notification-templates', body: { title: unique('T'), notification: { content: content('T'), recipient_groups: toUsers(id) } } }),
    state: async (org) => ids(await read(org, 'notifications', '/notification-templates?limit=100')),
  },
  {
    route: 'POST /notification-templates',
    field: 'notification.recipient_groups',
    ref: 'groupId',
    noun: 'user group',
    module: 'notifications',
    request: (_org, id) => ({ method: 'POST', path: '/notification-templates', body: { title: unique('T'), notification: { content: content('T'), recipient_groups: toGroups(id) } } }),
    state: async (org) => ids(await read(org, 'notifications', '/notification-templates?limit=100')),
  },
  {
    route: 'PUT /notification-templates/{templateId}',
    field: 'notification.recipient_groups',
    ref: 'userId',
    noun: 'user',
    module: 'notifications',
    request: (org, id) => ({
      method: 'PUT',
      path: `/notification-templates/${org.notificationTemplateId}`,
      body: { title: 'Drill', notification: { content: content('Drill'), recipient_groups: toUsers(id) } },
    }),
    state: (org) => read(org, 'notifications', `/notification-templates/${org.notificationTemplateId}`),
  },
  {
    route: 'POST /actions',
    field: 'recipient_groups',
    ref: 'userId',
    noun: 'user',
    module: 'actions',
    request: (_org, id) => ({ method: 'POST', path: '/actions', body: { content: content('Till'), recipient_groups: toUsers(id), config: actionConfig() } }),
    state: async (org) => ids(await read(org, 'actions', '/actions?limit=100')),
  },
  {
    route: 'POST /actions',
    field: 'recipient_groups',
    ref: 'groupId',
    noun: 'user group',
    module: 'actions',
    request: (_org, id) => ({ method: 'POST', path: '/actions', body: { content: content('Till'), recipient_groups: toGroups(id), config: actionConfig() } }),
    state: async (org) => ids(await read(org, 'actions', '/actions?limit=100')),
  },
  {
    route: 'POST /actions',
    field: 'config.feedback_recipient_groups',
    ref: 'userId',
    noun: 'user',
    module: 'actions',
    request: (org, id) => ({ method: 'POST', path: '/actions', body: { content: content('Till'), recipient_groups: toUsers(org.userId), config: actionConfig(toUsers(id)) } }),
    state: async (org) => ids(await read(org, 'actions', '/actions?limit=100')),
  },
  {
    route: 'POST /actions',
    field: 'meta.template_id',
    ref: 'actionTemplateId',
    noun: 'action template',
    module: 'actions',
    request: (org, id) => ({
      method: 'POST',
      path: '/actions',
      body: { content: content('From a template'), recipient_groups: toUsers(org.userId), config: actionConfig(), meta: { template_id: id } },
    }),
    state: async (org) => ids(await read(org, 'actions', '/actions?limit=100')),
  },
  {
    route: 'POST /action-templates',
    field: 'action.recipient_groups',
    ref: 'groupId',
    noun: 'user group',
    module: 'actions',
    request: (_org, id) => ({ method: 'POST', path: '/action-templates', body: { action: { content: content(unique('T')), recipient_groups: toGroups(id), config: actionConfig() } } }),
    state: async (org) => ids(await read(org, 'actions', '/action-templates?limit=100')),
  },
  {
    route: 'POST /action-templates',
    field: 'action.config.feedback_recipient_groups',
    ref: 'userId',
    noun: 'user',
    module: 'actions',
    request: (_org, id) => ({ method: 'POST', path: '/action-templates', body: { action: { content: content(unique('T')), recipient_groups: [], config: actionConfig(toUsers(id)) } } }),
    state: async (org) => ids(await read(org, 'actions', '/action-templates?limit=100')),
  },
  {
    route: 'PUT /action-templates/{templateId}',
    field: 'action.recipient_groups',
    ref: 'userId',
    noun: 'user',
    module: 'actions',
    request: (org, id) => ({
      method: 'PUT',
      path: `/action-templates/${org.actionTemplateId}`,
      body: { action: { content: content('Till 3'), recipient_groups: toUsers(id), config: actionConfig() } },
    }),
    state: (org) => read(org, 'actions', `/action-templates/${org.actionTemplateId}`),
  },
  {
    route: 'POST /tasks',
    field: 'recipient_groups',
    ref: 'userId',
    noun: 'user',
    module: 'tasks',
    request: (_org, id) => ({ method: 'POST', path: '/tasks', body: { content: content('Sweep'), recipient_groups: toUsers(id), config: taskConfig() } }),
    state: async (org) => ids(await read(org, 'tasks', '/tasks?tab=all&limit=100')),
  },
  {
    route: 'POST /tasks',
    field: 'recipient_groups',
    ref: 'groupId',
    noun: 'user group',
    module: 'tasks',
    request: (_org, id) => ({ method: 'POST', path: '/tasks', body: { content: content('Sweep'), recipient_groups: toGroups(id), config: taskConfig() } }),
    state: async (org) => ids(await read(org, 'tasks', '/tasks?tab=all&limit=100')),
  },
  {
    route: 'POST /tasks',
    field: 'meta.template_id',
    ref: 'taskTemplateId',
    noun: 'task template',
    module: 'tasks',
    request: (org, id) => ({ method: 'POST', path: '/tasks', body: { content: content('Opening'), recipient_groups: toUsers(org.userId), config: taskConfig(), meta: { template_id: id } } }),
    state: async (org) => ids(await read(org, 'tasks', '/tasks?tab=all&limit=100')),
  },
  {
    route: 'PUT /tasks/{taskId}',
    field: 'recipient_groups',
    ref: 'userId',
    noun: 'user',
    module: 'tasks',
    request: (org, id) => ({ method: 'PUT', path: `/tasks/${org.scheduledTaskId}`, body: { content: content('Later'), recipient_groups: toUsers(id), config: taskConfig() } }),
    state: (org) => read(org, 'tasks', `/tasks/${org.scheduledTaskId}`),
  },
  {
    route: 'POST /task-drafts',
    field: 'recipient_groups',
    ref: 'groupId',
    noun: 'user group',
    module: 'tasks',
    request: (_org, id) => ({ method: 'POST', path: '/task-drafts', body: { content: content('Draft'), recipient_groups: toGroups(id) } }),
    state: async (org) => ids(await read(org, 'tasks', '/task-drafts?limit=100')),
  },
  {
    route: 'PUT /task-drafts/{draftId}',
    field: 'meta.template_id',
    ref: 'taskTemplateId',
    noun: 'task template',
    module: 'tasks',
    request: (org, id) => ({ method: 'PUT', path: `/task-drafts/${org.taskDraftId}`, body: { content: content('Draft'), meta: { template_id: id } } }),
    state: (org) => read(org, 'tasks', `/task-drafts/${org.taskDraftId}`),
  },
  {
    route: 'POST /task-templates',
    field: 'task.recipient_groups',
    ref: 'userId',
    noun: 'user',
    module: 'tasks',
    request: (_org, id) => ({ method: 'POST', path: '/task-templates', body: taskTemplate(toUsers(id)) }),
    state: async (org) => ids(await read(org, 'tasks', '/task-templates?limit=100')),
  },
  {
    route: 'PUT /task-templates/{templateId}',
    field: 'task.recipient_groups',
    ref: 'groupId',
    noun: 'user group',
    module: 'tasks',
    request: (org, id) => ({ method: 'PUT', path: `/task-templates/${org.taskTemplateId}`, body: taskTemplate(toGroups(id)) }),
    state: (org) => read(org, 'tasks', `/task-templates/${org.taskTemplateId}`),
  },
  {
    route: 'POST /shifts',
    field: 'user_id',
    ref: 'userId',
    noun: 'user',
    module: 'shifts',
    request: (org, id) => ({ method: 'POST', path: '/shifts', body: shiftBody(id, org.activityTypeId) }),
    state: shiftWeek,
  },
  {
    route: 'POST /shifts',
    field: 'activities',
    ref: 'activityTypeId',
    noun: 'shift activity',
    module: 'shifts',
    request: (org, id) => ({ method: 'POST', path: '/shifts', body: shiftBody(org.userId, id) }),
    state: shiftWeek,
  },
  {
    route: 'PUT /shifts/{shiftId}',
    field: 'activities',
    ref: 'activityTypeId',
    noun: 'shift activity',
    module: 'shifts',
    request: (org, id) => ({ method: 'PUT', path: `/shifts/${org.shiftId}`, body: shiftBody(org.userId, id) }),
    state: shiftWeek,
  },
  {
    route: 'PUT /shifts/{shiftId}',
    field: 'user_id',
    ref: 'userId',
    noun: 'user',
    module: 'shifts',
    request: (org, id) => ({ method: 'PUT', path: `/shifts/${org.shiftId}`, body: shiftBody(id, org.activityTypeId) }),
    state: shiftWeek,
  },
  // An item a trigger made names it (meta.trigger_id, AP72): the organisation's triggers only.
  {
    route: 'POST /notifications',
    field: 'meta.trigger_id',
    ref: 'triggerId',
    noun: 'trigger',
    module: 'notifications',
    request: (org, id) => ({ method: 'POST', path: '/notifications', body: { content: content('Fired'), recipient_groups: toUsers(org.userId), meta: { trigger_id: id } } }),
    state: async (org) => ids(await read(org, 'notifications', '/notifications?tab=sent&limit=100')),
  },
  {
    route: 'POST /actions',
    field: 'meta.trigger_id',
    ref: 'triggerId',
    noun: 'trigger',
    module: 'actions',
    request: (org, id) => ({ method: 'POST', path: '/actions', body: { content: content('Fired'), recipient_groups: toUsers(org.userId), config: actionConfig(), meta: { trigger_id: id } } }),
    state: async (org) => ids(await read(org, 'actions', '/actions?limit=100')),
  },
  {
    route: 'POST /tasks',
    field: 'meta.trigger_id',
    ref: 'triggerId',
    noun: 'trigger',
    module: 'tasks',
    request: (org, id) => ({ method: 'POST', path: '/tasks', body: { content: content('Fired'), recipient_groups: toUsers(org.userId), config: taskConfig(), meta: { trigger_id: id } } }),
    state: async (org) => ids(await read(org, 'tasks', '/tasks?tab=all&limit=100')),
  },
  {
    route: 'PUT /task-drafts/{draftId}',
    field: 'meta.trigger_id',
    ref: 'triggerId',
    noun: 'trigger',
    module: 'tasks',
    request: (org, id) => ({ method: 'PUT', path: `/task-drafts/${org.taskDraftId}`, body: { content: content('Draft'), meta: { trigger_id: id } } }),
    state: (org) => read(org, 'tasks', `/task-drafts/${org.taskDraftId}`),
  },
  {
    route: 'POST /triggers',
    field: 'workflows[0].id',
    ref: 'actionTemplateId',
    module: 'automation',
    request: (_org, id) => ({ method: 'POST', path: '/triggers', body: triggerBody(id) }),
    state: async (org) => ids(await read(org, 'automation', '/triggers')),
    message: WORKFLOW_TEMPLATE_NOT_FOUND,
  },
  {
    route: 'PUT /triggers/{triggerId}',
    field: 'workflows[0].id',
    ref: 'actionTemplateId',
    module: 'automation',
    request: (org, id) => ({ method: 'PUT', path: `/triggers/${org.triggerId}`, body: triggerBody(id) }),
    state: (org) => read(org, 'automation', `/triggers/${org.triggerId}`),
    message: WORKFLOW_TEMPLATE_NOT_FOUND,
  },
  {
    route: 'POST /trigger-groups',
    field: 'trigger_ids',
    ref: 'triggerId',
    noun: 'trigger',
    module: 'automation',
    request: (_org, id) => ({ method: 'POST', path: '/trigger-groups', body: triggerGroupBody(id) }),
    state: async (org) => ids(await read(org, 'automation', '/trigger-groups')),
  },
  {
    route: 'PUT /trigger-groups/{triggerGroupId}',
    field: 'trigger_ids',
    ref: 'triggerId',
    noun: 'trigger',
    module: 'automation',
    request: (org, id) => ({ method: 'PUT', path: `/trigger-groups/${org.triggerGroupId}`, body: triggerGroupBody(id) }),
    state: (org) => read(org, 'automation', `/trigger-groups/${org.triggerGroupId}`),
  },
  {
    route: 'PUT /settings/automation',
    field: 'trigger_menus_trigger_group_ids',
    ref: 'triggerGroupId',
    noun: 'trigger group',
    module: 'automation',
    request: (_org, id) => ({
      method: 'PUT',
      path: '/settings/automation',
      body: { throttle_enabled: false, throttle_threshold: 0, is_trigger_menus_enabled: true, trigger_menus_trigger_group_ids: [id] },
    }),
    state: (org) => read(org, 'automation', '/settings/automation'),
  },
  {
    route: 'PATCH /settings/general',
    field: 'general.trigger_menus_trigger_group_ids',
    ref: 'triggerGroupId',
    noun: 'trigger group',
    module: 'settings',
    request: (_org, id) => ({ method: 'PATCH', path: '/settings/general', body: { general: { trigger_menus_trigger_group_ids: [id] } } }),
    state: (org) => read(org, 'settings', '/settings/general'),
  },
  {
    route: 'PATCH /settings/general',
    field: 'general.tablet.trigger_group_map.trigger_group_id',
    ref: 'triggerGroupId',
    noun: 'trigger group',
    module: 'settings',
    request: (org, id) => ({ method: 'PATCH', path: '/settings/general', body: { general: { tablet: { trigger_group_map: [{ device_id: org.tabletId, trigger_group_id: id }] } } } }),
    state: (org) => read(org, 'settings', '/settings/general'),
  },
  {
    route: 'PUT /settings/tablet-trigger-groups',
    field: 'trigger_group_map.trigger_group_id',
    ref: 'triggerGroupId',
    noun: 'trigger group',
    module: 'settings',
    request: (org, id) => ({ method: 'PUT', path: '/settings/tablet-trigger-groups', body: { trigger_group_map: [{ device_id: org.tabletId, trigger_group_id: id }] } }),
    state: (org) => read(org, 'settings', '/settings/general'),
  },
];

describe('ids from another organisation in request bodies', () => {
  let a: Org;
  let b: Org;

  beforeAll(async () => {
    [a, b] = await Promise.all([organisation('Alpha'), organisation('Beta')]);
  }, 120_000);

  it.each(rows)("$route: refuses organisation B's $ref in $field, stores nothing, and takes A's own", async (row) => {
    const send = async (id: string) => {
      const { method, path, body } = row.request(a, id);
      return call(a, row.module, method, path, body);
    };
    const foreign = b[row.ref];
    const before = await row.state(a);

    const refused = await send(foreign);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    const message = row.message?.(foreign) ?? `Unknown ${row.noun} in ${row.field}: ${foreign}`;
    expect(refused.body).toMatchObject({ message, errors: { [row.field]: message } });
    expect(await row.state(a)).toEqual(before);

    const accepted = await send(a[row.ref]);
    expect(accepted.status, JSON.stringify(accepted.body)).toBeGreaterThanOrEqual(200);
    expect(accepted.status, JSON.stringify(accepted.body)).toBeLessThan(300);
  });

  it('names the first offending field when a body carries several', async () => {
    const answer = await call(a, 'notifications', 'POST', '/notifications', {
      content: content('Both'),
      recipient_groups: [{ group_number: 0, recipients: [{ id: a.userId, type: 'user' }, { id: b.groupId, type: 'user_group' }] }],
      meta: { template_id: b.notificationTemplateId },
    });
    expect(answer).toMatchObject({ status: 400, body: { errors: { recipient_groups: `Unknown user group in recipient_groups: ${b.groupId}` } } });
  });
});
