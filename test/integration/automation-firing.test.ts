import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionDto } from '@portal/shared/actions/action.schema';
import type { FiringDto, TriggerDto, TriggerWithSecretDto } from '@portal/shared/automation/automation.schema';
import type { NotificationDto, NotificationStatus } from '@portal/shared/notifications/notification.schema';
import { instantOf } from '@portal/shared/scheduling/series-time';
import type { TaskDto } from '@portal/shared/tasks/task.schema';
import { readAction } from '../../functions/src/actions/answers.repository.ts';
import { answerAction } from '../../functions/src/actions/answers.service.ts';
import { fireTrigger, IN_FLIGHT_MS } from '../../functions/src/automation/fire.service.ts';
import { insertFiring } from '../../functions/src/automation/firings.repository.ts';
import { claimDelivery, claimedDelivery } from '../../functions/src/automation/hook-deliveries.repository.ts';
import { newId } from '../../functions/src/platform/db/ids.ts';
import { listFirings } from '../../functions/src/automation/firings.service.ts';
import { sendFromTemplate } from '../../functions/src/notifications/from-template.service.ts';
import { getNotification, insertNotification } from '../../functions/src/notifications/notifications.repository.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { registerDeliveryQueueAdapter } from '../../functions/src/platform/delivery/delivery-queue.ts';
import { UnavailableError } from '../../functions/src/platform/errors/domain-errors.ts';
import { insertUser } from '../../functions/src/users/users.repository.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

/**
 * Firing a trigger (issue 16, decision 0039) against DynamoDB Local and the in-process delivery
 * queue: the workflow's templates become real items through each module's delivery function (the
 * `from_template` job), the throttle window, the webhook delivery id's dedupe and the response time
 * of the firings list. Times are the `now` of each call, never sleeps.
 */
const PASSWORD = 'Firing-Pass-1!';
const ZONE = 'Europe/Berlin';
const content = (title: string) => ({ title: { text: title }, body: { text: '' } });
const usersGroup = (...ids: string[]) => [{ group_number: 0, recipients: ids.map((id) => ({ id, type: 'user' })) }];
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

afterAll(() => closeDelivery());

describe('automation: firing a trigger', () => {
  let orgId: string;
  let adminId: string;
  let token: string;
  let ann: string;
  let bob: string;
  let templates: { notification: string; action: string; task: string; empty: string };

  const api = async <T>(module: 'automation' | 'notifications' | 'actions' | 'tasks', method: string, path: string, body?: unknown, status = 200): Promise<T> => {
    const answer = await callApi(module, method, `/api/organizations/${orgId}${path}`, { token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    return answer.body as T;
  };
  const createTrigger = (name: string, workflows: Array<{ id: string; type: string }>, throttle?: { enabled: boolean; seconds: number }) =>
    api<TriggerWithSecretDto>(
      'automation',
      'POST',
      '/triggers',
      {
        name,
        type: 'flic-button',
        workflows,
        metadata: { is_external: true },
        is_throttling_enabled: throttle?.enabled ?? false,
        throttle_duration_in_seconds: throttle?.seconds ?? 0,
      },
      201,
    );
  const fired = (result: Awaited<ReturnType<typeof fireTrigger>>) => {
    expect(result.outcome).toBe('fired');
    return result as Extract<typeof result, { outcome: 'fired' }>;
  };
  const throttled = (result: Awaited<ReturnType<typeof fireTrigger>>) => {
    expect(result.outcome).toBe('throttled');
    return result as Extract<typeof result, { outcome: 'throttled' }>;
  };
  const notificationsOf = async (triggerId: string) =>
    (await api<{ items: NotificationDto[] }>('notifications', 'GET', '/notifications?tab=sent&limit=100')).items.filter((n) => n.meta.trigger_id === triggerId);

  beforeAll(async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@firing.test`;
    adminId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Firing Market', timeZone: ZONE, owner: ownerOf(adminId, ['admin'], email) });
    token = await signIn(email, PASSWORD);
    // Staff written straight to the table: no identities are needed to be asked.
    [ann, bob] = await Promise.all(
      ['Ann', 'Bob'].map(async (firstname) => {
        const userId = `${firstname.toLowerCase()}-${randomUUID().slice(0, 8)}`;
        await insertUser({ orgId, userId, email: `${userId}@firing.test`, firstname, lastname: 'Tester', type: 'normal', accessLevel: 'employee' });
        return userId;
      }),
    ) as [string, string];
    const id = async (module: 'notifications' | 'actions' | 'tasks', path: string, body: unknown) => (await api<{ id: string }>(module, 'POST', path, body, 201)).id;
    templates = {
      notification: await id('notifications', '/notification-templates', { title: 'Spill', notification: { content: content('Spill at aisle 4'), recipient_groups: usersGroup(ann, bob) } }),
      action: await id('actions', '/action-templates', {
        action: { content: content('Help at bottle return'), recipient_groups: usersGroup(ann, bob), config: { forward_after: 30, response_threshold: { type: 1 } } },
      }),
      task: await id('tasks', '/task-templates', {
        task: { content: { ...content('Clean aisle 4'), checklist: [] }, recipient_groups: usersGroup(ann, bob), config: { closure_criteria: 'all', reminders_enabled: true } },
      }),
      empty: await id('notifications', '/notification-templates', { title: 'Nobody', notification: { content: content('Nobody hears this'), recipient_groups: [] } }),
    };
  });

  it('makes each template of the workflow a real notification, action and task with the trigger and template ids, sent as the trigger creator', async () => {
    const trigger = await createTrigger('Spill', [
      { id: templates.notification, type: 'notification-template' },
      { id: templates.action, type: 'action-template' },
      { id: templates.task, type: 'task-template' },
    ]);
    const now = new Date();
    const { firing, replayed } = fired(await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId: `msg_${randomUUID()}` }, now));
    expect(replayed).toBe(false);
    expect(firing).toMatchObject({ trigger_id: trigger.id, source: 'webhook', at: now.toISOString(), outcome: 'fired', first_answer: null });
    expect(firing.created.map((item) => [item.type, item.template_id])).toEqual([
      ['notification-template', templates.notification],
      ['action-template', templates.action],
      ['task-template', templates.task],
    ]);
    await localDeliveryQueue().idle();
    expect(localDeliveryQueue().deadLetters).toEqual([]);

    const [notificationId, actionId, taskId] = firing.created.map((item) => item.id) as [string, string, string];
    const meta = (templateId: string) => expect.objectContaining({ trigger_id: trigger.id, template_id: templateId });
    const notification = await api<NotificationDto>('notifications', 'GET', `/notifications/${notificationId}`);
    expect(notification).toMatchObject({ content: content('Spill at aisle 4'), meta: meta(templates.notification), created_by: adminId, recipient_count: 2 });
    expect(notification.sent_at).toBeDefined();
    const action = await api<ActionDto>('actions', 'GET', `/actions/${actionId}`);
    expect(action).toMatchObject({ content: content('Help at bottle return'), meta: meta(templates.action), created_by: adminId, state: 'open', recipient_count: 2 });
    const task = await api<TaskDto>('tasks', 'GET', `/tasks/${taskId}`);
    // Spec 001 §3: the template's rule, no reminders, not a draft, from now to the end of today in the organisation's zone.
    expect(task).toMatchObject({ content: { title: { text: 'Clean aisle 4' } }, meta: meta(templates.task), created_by: adminId, recipient_count: 2 });
    expect(task.config).toMatchObject({ closure_criteria: 'all', reminders_enabled: false, is_draft: false, recurring: null });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
    expect(task.config.start.date).toBe(today);
    expect(task.config.end).toMatchObject({ date: today, time: '23:59:59' });
    const end = instantOf(task.config.end);
    expect(end.getTime()).toBeGreaterThan(now.getTime());
    expect(new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at(end, 1000))).not.toBe(today);

    // The job again (a retry, SQS delivering twice): the notification with that id is left as it is.
    await sendFromTemplate(orgId, { templateId: templates.notification, itemId: notificationId, triggerId: trigger.id, senderId: bob }, new Date());
    await localDeliveryQueue().idle();
    expect(await api<NotificationDto>('notifications', 'GET', `/notifications/${notificationId}`)).toMatchObject({ created_by: adminId, sent_at: notification.sent_at });
    expect((await notificationsOf(trigger.id)).map((n) => n.id)).toEqual([notificationId]);

    const listed = await listFirings(orgId, trigger.id, new Date());
    expect(listed.items.map((item) => ({ ...item, first_answer: null }))).toEqual([{ ...firing, first_answer: null }]);
  });

  it('sends as the user who pressed, and lists a template without recipients though nothing is sent from it', async () => {
    const trigger = await createTrigger('Nobody and spill', [
      { id: templates.empty, type: 'notification-template' },
      { id: templates.notification, type: 'notification-template' },
    ]);
    const { firing } = fired(await fireTrigger(orgId, trigger, { source: 'menu', userId: bob }, new Date()));
    expect(firing).toMatchObject({ source: 'menu', user_id: bob, delivery_id: null, device_id: null });
    await localDeliveryQueue().idle();
    expect(localDeliveryQueue().deadLetters).toEqual([]);
    const sent = await notificationsOf(trigger.id);
    expect(sent.map((n) => [n.id, n.created_by, n.meta.template_id])).toEqual([[firing.created[1]!.id, bob, templates.notification]]);
    expect((await listFirings(orgId, trigger.id, new Date())).items[0]!.created.map((item) => item.template_id)).toEqual([templates.empty, templates.notification]);
  });

  it('never throttles a window of 0 seconds', async () => {
    const trigger = await createTrigger('Zero', [], { enabled: true, seconds: 0 });
    const now = new Date();
    fired(await fireTrigger(orgId, trigger, { source: 'button', deviceId: 'tablet-1' }, now));
    fired(await fireTrigger(orgId, trigger, { source: 'button', deviceId: 'tablet-1' }, now));
    fired(await fireTrigger(orgId, trigger, { source: 'button', deviceId: 'tablet-1' }, at(now, 1)));
    expect((await listFirings(orgId, trigger.id, at(now, 1))).items.map((item) => item.outcome)).toEqual(['fired', 'fired', 'fired']);
  });

  it('fires once a second with a window of 1 second, recording the throttled press with Retry-After 1', async () => {
    const trigger = await createTrigger('One', [], { enabled: true, seconds: 1 });
    const now = new Date();
    fired(await fireTrigger(orgId, trigger, { source: 'button', deviceId: 'tablet-1' }, now));
    expect(throttled(await fireTrigger(orgId, trigger, { source: 'button', deviceId: 'tablet-1' }, at(now, 500))).retryAfterSeconds).toBe(1);
    expect(throttled(await fireTrigger(orgId, trigger, { source: 'button', deviceId: 'tablet-1' }, at(now, 999))).retryAfterSeconds).toBe(1);
    fired(await fireTrigger(orgId, trigger, { source: 'button', deviceId: 'tablet-1' }, at(now, 1000)));
    const listed = await listFirings(orgId, trigger.id, at(now, 1000));
    expect(listed.items.map((item) => [item.outcome, item.at])).toEqual([
      ['fired', at(now, 1000).toISOString()],
      ['throttled', at(now, 999).toISOString()],
      ['throttled', at(now, 500).toISOString()],
      ['fired', now.toISOString()],
    ]);
    expect(listed.items.every((item) => item.device_id === 'tablet-1' && item.created.length === 0)).toBe(true);
  });

  it('fires at most once a minute with a window of 60 seconds, answering the seconds left rounded up; a throttled delivery id may fire later', async () => {
    const trigger = await createTrigger('Sixty', [{ id: templates.notification, type: 'notification-template' }], { enabled: true, seconds: 60 });
    const now = new Date();
    fired(await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId: 'msg_first' }, now));
    expect(throttled(await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId: 'msg_second' }, at(now, 1))).retryAfterSeconds).toBe(60);
    expect(throttled(await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId: 'msg_second' }, at(now, 30_500))).retryAfterSeconds).toBe(30);
    expect(throttled(await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId: 'msg_second' }, at(now, 59_001))).retryAfterSeconds).toBe(1);
    // The sender's retry after Retry-After, with the same delivery id: it fires (a throttled press claims no id).
    const later = fired(await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId: 'msg_second' }, at(now, 60_000)));
    expect(later.replayed).toBe(false);
    await localDeliveryQueue().idle();
    expect((await notificationsOf(trigger.id)).map((n) => n.id).sort()).toEqual(
      (await listFirings(orgId, trigger.id, at(now, 60_000))).items.flatMap((item) => item.created.map((c) => c.id)).sort(),
    );
    expect(await notificationsOf(trigger.id)).toHaveLength(2);
  });

  it('fires a replayed delivery id once and answers the first firing', async () => {
    const trigger = await createTrigger('Replay', [{ id: templates.notification, type: 'notification-template' }]);
    const now = new Date();
    const first = fired(await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId: 'msg_replayed' }, now));
    const again = fired(await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId: 'msg_replayed' }, at(now, 2_000)));
    expect(again).toEqual({ outcome: 'fired', firing: first.firing, replayed: true });
    // Another trigger's delivery with the same id is its own.
    const other = await createTrigger('Replay elsewhere', []);
    expect(fired(await fireTrigger(orgId, other, { source: 'webhook', deliveryId: 'msg_replayed' }, now)).replayed).toBe(false);
    await localDeliveryQueue().idle();
    expect((await listFirings(orgId, trigger.id, at(now, 2_000))).items.map((item) => item.id)).toEqual([first.firing.id]);
    expect((await notificationsOf(trigger.id)).map((n) => n.id)).toEqual([first.firing.created[0]!.id]);
  });

  it('a resend of a press whose first attempt died after claiming its delivery id fires (soak seed 1, runs 11 and 12)', async () => {
    const trigger = await createTrigger('Died mid-press', [{ id: templates.notification, type: 'notification-template' }]);
    const now = new Date();
    // The first attempt claimed the id, then the portal or the table went away before its firing row.
    const dead = { orgId, triggerId: trigger.id, deliveryId: 'msg_died', firingId: 'dead-firing', firingAt: at(now, -IN_FLIGHT_MS + 5_000).toISOString() };
    expect(await claimDelivery(dead, at(now, -IN_FLIGHT_MS + 5_000))).toBe(true);
    // While the first may still be writing, a resend is asked to come again when that time is up
    // (409 with Retry-After: the portal is up, the first request may be under way), and fires nothing.
    const early = await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId: 'msg_died' }, now).catch((error: unknown) => error);
    expect(early).toMatchObject({ kind: 'conflict', code: 'automation.deliveryInProgress', retryAfterSeconds: 5 });
    // Past that, the resend takes the claim and fires; a resend of it is answered with its firing.
    const later = at(now, 5_000);
    const resent = fired(await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId: 'msg_died' }, later));
    expect(resent.replayed).toBe(false);
    expect(await claimedDelivery(orgId, trigger.id, 'msg_died')).toEqual({ firingId: resent.firing.id, firingAt: later.toISOString() });
    expect(fired(await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId: 'msg_died' }, at(later, 1_000)))).toEqual({ ...resent, replayed: true });
    await localDeliveryQueue().idle();
    expect((await listFirings(orgId, trigger.id, later)).items.map((item) => [item.id, item.delivery_id])).toEqual([[resent.firing.id, 'msg_died']]);
    expect((await notificationsOf(trigger.id)).map((n) => n.id)).toEqual([resent.firing.created[0]!.id]);
  });

  it('a resend of a press whose first attempt died between its firing row and the queue makes the items', async () => {
    const trigger = await createTrigger('Died before the queue', [{ id: templates.notification, type: 'notification-template' }]);
    const then = new Date(Date.now() - 60_000);
    const itemId = newId(then.getTime());
    const firingId = newId(then.getTime());
    expect(await claimDelivery({ orgId, triggerId: trigger.id, deliveryId: 'msg_unqueued', firingId, firingAt: then.toISOString() }, then)).toBe(true);
    await insertFiring({ orgId, triggerId: trigger.id, at: then.toISOString(), firingId, source: 'webhook', deliveryId: 'msg_unqueued', outcome: 'fired', created: [{ type: 'notification-template', templateId: templates.notification, id: itemId }] });
    const resent = fired(await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId: 'msg_unqueued' }, new Date()));
    expect(resent).toMatchObject({ replayed: true, firing: { id: firingId } });
    await localDeliveryQueue().idle();
    // A second resend queues the job again; the item is made once, by its id.
    fired(await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId: 'msg_unqueued' }, new Date()));
    await localDeliveryQueue().idle();
    expect((await notificationsOf(trigger.id)).map((n) => n.id)).toEqual([itemId]);
  });

  it('a job whose first attempt died after storing the notification and before queueing it sends it when it comes again (soak, run 19)', async () => {
    const trigger = await createTrigger('Died after the row', [{ id: templates.notification, type: 'notification-template' }]);
    const { firing } = fired(await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId: `msg_${randomUUID()}` }, new Date()));
    await localDeliveryQueue().idle();
    // The row as that attempt left it: stored as sent, its delivery never queued (no delivered_at, no recipient rows).
    const stored = (await getNotification(orgId, firing.created[0]!.id))!;
    const itemId = newId(Date.now());
    expect(await insertNotification({ ...stored, notificationId: itemId, deliveredAt: undefined })).toBe(true);
    expect((await api<NotificationStatus>('notifications', 'GET', `/notifications/${itemId}/status`)).user_ids).toEqual([]);

    const job = { templateId: templates.notification, itemId, triggerId: trigger.id, senderId: adminId };
    await sendFromTemplate(orgId, job, new Date());
    await localDeliveryQueue().idle();
    const status = await api<NotificationStatus>('notifications', 'GET', `/notifications/${itemId}/status`);
    expect([...status.user_ids].sort()).toEqual([ann, bob].sort());
    expect([...status.sent_user_ids].sort()).toEqual([ann, bob].sort());
    // Once queued, the job again leaves it as it is.
    const sent = (await getNotification(orgId, itemId))!;
    expect(sent.deliveredAt).toBeDefined();
    await sendFromTemplate(orgId, job, new Date());
    await localDeliveryQueue().idle();
    expect((await getNotification(orgId, itemId))!.sentAt).toBe(sent.sentAt);
  });

  it('shows who accepted first and how fast, and the response time over the last 7 days only', async () => {
    const trigger: TriggerDto = await createTrigger('Bottle return', [{ id: templates.action, type: 'action-template' }]);
    const now = new Date();
    // A firing 8 days ago: listed, but outside the response time's 7 days.
    const old = fired(await fireTrigger(orgId, trigger, { source: 'webhook' }, at(now, -8 * 86_400_000)));
    const recent = fired(await fireTrigger(orgId, trigger, { source: 'webhook' }, at(now, -90_000)));
    await localDeliveryQueue().idle();
    const accept = async (firing: FiringDto, userId: string, afterSendMs: number) => {
      const actionId = firing.created[0]!.id;
      const row = (await readAction(orgId, actionId))!;
      const acceptedAt = at(new Date(row.sendTime), afterSendMs);
      expect(await answerAction({ orgId, actionId, userId, answer: 'accepted' }, acceptedAt)).toBe('counted');
      expect(await readAction(orgId, actionId)).toMatchObject({ firstAcceptAt: acceptedAt.toISOString(), firstAcceptBy: userId });
      return acceptedAt.getTime() - Date.parse(firing.at);
    };
    const recentMs = await accept(recent.firing, bob, 12_000);
    await accept(old.firing, ann, 5_000);

    const listed = await listFirings(orgId, trigger.id, new Date());
    expect(listed.items.map((item) => [item.id, item.first_answer])).toEqual([
      [recent.firing.id, { user_id: bob, name: 'Bob Tester', after_ms: recentMs }],
      [old.firing.id, { user_id: ann, name: 'Ann Tester', after_ms: expect.any(Number) }],
    ]);
    expect(listed.response_time).toEqual({ count: 1, median_ms: recentMs, slowest_ms: recentMs });
  });

  it('marks a firing whose jobs cannot be queued failed, answers 503 and gives the window and the delivery id back', async () => {
    const trigger = await createTrigger('Queue down', [{ id: templates.notification, type: 'notification-template' }], { enabled: true, seconds: 60 });
    const now = new Date();
    // SQS refusing the jobs, as the in-process adapter stands in for it here.
    registerDeliveryQueueAdapter({
      kind: 'in-process',
      create: () => ({
        enqueue: async () => undefined,
        enqueueJobs: async () => Promise.reject(new Error('queue unavailable')),
      }),
    });
    try {
      const refused = await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId: 'msg_down' }, now).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(UnavailableError);
      expect(refused).toMatchObject({ message: 'The trigger could not be fired. Please try again.', code: 'automation.notFired' });
    } finally {
      // The local runtime's in-process queue again (as infra/local/functions.ts registers it).
      registerDeliveryQueueAdapter({
        kind: 'in-process',
        create: () => ({ enqueue: (batches) => localDeliveryQueue().enqueue(batches), enqueueJobs: (jobs) => localDeliveryQueue().enqueueJobs(jobs) }),
      });
    }
    // The sender's retry with the same id, inside what would have been the window: it fires.
    const retried = fired(await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId: 'msg_down' }, at(now, 5_000)));
    expect(retried.replayed).toBe(false);
    await localDeliveryQueue().idle();
    expect((await listFirings(orgId, trigger.id, at(now, 5_000))).items.map((item) => [item.outcome, item.delivery_id])).toEqual([
      ['fired', 'msg_down'],
      ['failed', 'msg_down'],
    ]);
    expect((await notificationsOf(trigger.id)).map((n) => n.id)).toEqual([retried.firing.created[0]!.id]);
  });
});
