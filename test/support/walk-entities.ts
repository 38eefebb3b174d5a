import type { WalkIds } from './accessibility-walk.ts';
import { call } from './seed-users.ts';

/** The names the entities get: a walk that checks the page's language passes names in it. */
export interface WalkEntityNames {
  watch: string;
  tablet: string;
  tabletTemplate: string;
  /** A notification's and its template's title. */
  title: string;
  /** A notification's message. */
  body: string;
  /** A shift activity. */
  shiftActivity: string;
}

export const ENGLISH_WALK_NAMES: WalkEntityNames = { watch: 'Watch', tablet: 'Kiosk', tabletTemplate: 'Brand', title: 'Till', body: 'Who can help?', shiftActivity: 'Cashier' };

/**
 * The entities every route of the path table needs to open (test/support/accessibility-walk.ts),
 * made through the API as the demo superadmin: a watch of `userId`, a tablet, a tablet design
 * template, a notification template, a scheduled, a sent and a recurring notification, an action,
 * an action template, a task with a checklist, a task draft, a task template, a shift activity, a
 * week template (of a week with one shift), an external trigger and a trigger group.
 */
export async function createWalkEntities(
  portalUrl: string,
  token: string,
  base: { orgId: string; userId: string; groupId: string },
  names: WalkEntityNames = ENGLISH_WALK_NAMES,
): Promise<WalkIds> {
  const api = <T>(method: string, path: string, body?: unknown) => call<T>(portalUrl, token, method, `/organizations/${base.orgId}${path}`, body);
  const serial = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
  const watch = await api<{ device: { id: string } }>('POST', '/devices', { device_id: serial('watch'), type: 'wear_os', name: names.watch, protocol: 'MQTT', user_id: base.userId });
  const tablet = await api<{ device: { id: string } }>('POST', '/devices', { device_id: serial('tablet'), type: 'android_tablet', name: names.tablet });
  const tabletTemplate = await api<{ id: string }>('POST', '/tablet-templates', { name: names.tabletTemplate, design_settings: { colors: { primary: '#00897B' } } });
  const content = { title: { text: names.title }, body: { text: names.body } };
  const everyone = [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }];
  const template = await api<{ id: string }>('POST', '/notification-templates', { title: names.title, notification: { content, recipient_groups: everyone } });
  const send = { date: '2030-06-03', time: '10:00', offset: '+02:00' };
  const notification = await api<{ id: string }>('POST', '/notifications', { content, recipient_groups: everyone, config: { send, recurring: null } });
  const sent = await api<{ id: string }>('POST', '/notifications', { content, recipient_groups: everyone, config: { send: null, recurring: null } });
  const series = await api<{ id: string }>('POST', '/notifications', {
    content,
    recipient_groups: everyone,
    config: {
      send,
      recurring: { occurrence_time: { send: { time: send.time, offset: send.offset } }, range: { start: { date: send.date, offset: send.offset }, end: null }, days: ['monday'] },
    },
  });
  // An action to the walk's user (it waits open for its time-out: details, copy, withdraw) and an action template.
  const actionConfig = { forward_after: 600, response_threshold: { type: 1, number: null } };
  const actionTemplate = await api<{ id: string }>('POST', '/action-templates', { action: { content, recipient_groups: everyone, config: actionConfig } });
  const action = await api<{ id: string }>('POST', '/actions', {
    content,
    recipient_groups: [{ group_number: 0, recipients: [{ id: base.userId, type: 'user' }] }],
    config: actionConfig,
  });
  // A task to the walk's user with a two-item checklist, from now (the runner's clock and zone) into 2030: details, a content-only
  // edit, copy, delete; a draft and a task template.
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const offsetMinutes = -now.getTimezoneOffset();
  const offset = `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const checklist = [
    { id: 'walk-item-1', title: { text: names.title }, is_checked: false, is_deleted: false },
    { id: 'walk-item-2', title: { text: names.body.slice(0, 38) }, is_checked: false, is_deleted: false },
  ];
  const taskContent = { ...content, checklist };
  const task = await api<{ id: string }>('POST', '/tasks', {
    content: taskContent,
    recipient_groups: [{ group_number: 0, recipients: [{ id: base.userId, type: 'user' }] }],
    config: { closure_criteria: 'one', reminders_enabled: false, start: { date: day, time: `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`, offset }, end: { date: '2030-06-03', time: '23:59:59', offset: '+02:00' }, recurring: null },
  });
  const taskDraft = await api<{ id: string }>('POST', '/task-drafts', { content: taskContent, recipient_groups: [] });
  const taskTemplate = await api<{ id: string }>('POST', '/task-templates', { task: { content: taskContent, recipient_groups: everyone } });
  const shiftActivity = await api<{ id: string }>('POST', '/shift-activity-types', { name: names.shiftActivity, color: '#43A047' });
  // A template needs a week with a shift: one in a far week no other test plans.
  const shiftStart = { date: '2035-03-05', time: '08:00:00', offset };
  await api('POST', '/shifts', { user_id: base.userId, name: names.title, start: shiftStart, end: { ...shiftStart, time: '16:00:00' }, activities: [{ activity_type_id: shiftActivity.id, start: shiftStart, end: { ...shiftStart, time: '12:00:00' } }] });
  const shiftTemplate = await api<{ id: string }>('POST', '/shift-templates', { name: names.title, week: '2035-W10' });
  // An external trigger running the action template (its card shows the webhook and the firings) in a kiosk group.
  const trigger = await api<{ id: string }>('POST', '/triggers', {
    name: names.title,
    type: 'flic-button',
    workflows: [{ id: actionTemplate.id, type: 'action-template' }],
    metadata: { is_external: true },
    is_throttling_enabled: true,
    throttle_duration_in_seconds: 10,
  });
  const triggerGroup = await api<{ id: string }>('POST', '/trigger-groups', { name: names.title, description: names.body, type: 'kiosk-app', trigger_ids: [trigger.id] });
  return {
    ...base,
    watchId: watch.device.id,
    tabletId: tablet.device.id,
    tabletTemplateId: tabletTemplate.id,
    notificationTemplateId: template.id,
    notificationId: notification.id,
    sentId: sent.id,
    seriesId: series.id,
    actionId: action.id,
    actionTemplateId: actionTemplate.id,
    taskId: task.id,
    taskDraftId: taskDraft.id,
    taskTemplateId: taskTemplate.id,
    shiftActivityTypeId: shiftActivity.id,
    shiftTemplateId: shiftTemplate.id,
    triggerId: trigger.id,
    triggerGroupId: triggerGroup.id,
  };
}
