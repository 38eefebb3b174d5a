import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RegisteredDevice } from '@portal/shared/devices/device.schema';
import { createEnvelope, parseEnvelope, topicsFor, type Envelope } from '@portal/shared/devices/topics';
import { perUserState } from '@portal/shared/notifications/notification-status';
import type { NotificationDto, NotificationStatus } from '@portal/shared/notifications/notification.schema';
import { occurrenceKey, partsIn } from '@portal/shared/notifications/send-time';
import type { ScheduledFiring } from '../../functions/src/platform/scheduling/scheduler.port.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { updateGeneralSettings } from '../../functions/src/settings/general-settings.service.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf, SETUP_ACTOR } from '../support/owner.ts';
import { waitFor } from '../support/wait-for.ts';

const { inbox: inboxTopic, deviceEvents: deviceEventsTopic, userEvents: userEventsTopic } = topicsFor();

// The scheduling port's table adapter, as in the local runtime.
process.env.SCHEDULER ??= 'table';

const runtime = inject('runtime');
const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@notifications.test`;
const PASSWORD = 'Notify-Pass-1!';
const clients: MqttClient[] = [];

interface Person {
  userId: string;
  token: string;
}

/** A watch emulator's connection: a user without a device, signed in with the ID token. */
async function watchOf(orgId: string, person: Person) {
  const client = await connectAsync(runtime.mqttTcpUrl, { clientId: `user-${person.userId}-${randomUUID().replace(/-/g, '')}`, username: 'user', password: person.token, reconnectPeriod: 0 });
  clients.push(client);
  const inbox: Envelope[] = [];
  client.on('message', (_topic, payload) => {
    const envelope = parseEnvelope(payload.toString('utf8'));
    if (envelope) inbox.push(envelope);
  });
  const [granted] = await client.subscribeAsync(inboxTopic(orgId, person.userId), { qos: 1 });
  expect(granted?.qos).toBe(1);
  const receipt = async (notificationId: string, event: 'received' | 'read', id: string = randomUUID()) => {
    const envelope = createEnvelope('event', { kind: 'notification', notification_id: notificationId, event, at: new Date().toISOString() }, id);
    await client.publishAsync(userEventsTopic(orgId, person.userId), JSON.stringify(envelope), { qos: 1 });
  };
  return { client, inbox, receipt, about: (id: string) => inbox.filter((e) => e.data.notification_id === id) };
}

const content = (title: string, body = '') => ({ title: { text: title }, body: { text: body } });
const toUsers = (...ids: string[]) => [{ group_number: 0, recipients: ids.map((id) => ({ id, type: 'user' })) }];
/** The send time `minutes` from now in Berlin, as the form writes it. */
const sendIn = (minutes: number) => partsIn(new Date(Date.now() + minutes * 60_000), 'Europe/Berlin');
/** The same, to the second. */
function sendAtSeconds(offsetMs: number) {
  const at = new Date(Date.now() + offsetMs);
  const parts = partsIn(at, 'Europe/Berlin');
  return { ...parts, time: `${parts.time}:${String(at.getUTCSeconds()).padStart(2, '0')}` };
}

describe('notifications', () => {
  let orgId: string;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let cem: Person;
  let kitchen: string;
  let nurses: string;
  const api = (method: string, path: string, body?: unknown, token = admin.token) =>
    callApi('notifications', method, `/api/organizations/${orgId}${path}`, { token, body });
  const status = async (id: string) => (await api('GET', `/notifications/${id}/status`)).body as NotificationStatus;
  const send = async (body: Record<string, unknown>) => {
    const answer = await api('POST', '/notifications', body);
    // Sent now: 202, its delivery runs on the queue (decision 0020); scheduled or a series: 201.
    const sentNow = !answer.body.meta?.scheduled && !answer.body.item_type;
    expect(answer.status, JSON.stringify(answer.body)).toBe(sentNow ? 202 : 201);
    // Statuses are read once the in-process delivery queue has nothing left to deliver.
    await localDeliveryQueue().idle();
    return answer.body as NotificationDto;
  };

  async function person(firstname: string): Promise<Person> {
    const email = unique(firstname.toLowerCase());
    const created = await callApi('users', 'POST', `/api/organizations/${orgId}/users`, {
      token: admin.token,
      body: { firstname, lastname: 'Tester', email, password: PASSWORD },
    });
    expect(created.status).toBe(201);
    return { userId: created.body.id, token: await signIn(email, PASSWORD) };
  }

  beforeAll(async () => {
    const email = unique('admin');
    const adminId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Notify Inn', timeZone: 'Europe/Berlin', owner: ownerOf(adminId, ['admin'], email) });
    admin = { userId: adminId, token: await signIn(email, PASSWORD) };
    [ann, bob, cem] = await Promise.all([person('Ann'), person('Bob'), person('Cem')]);
    const group = await callApi('users', 'POST', `/api/organizations/${orgId}/user-groups`, {
      token: admin.token,
      body: { name: 'Kitchen', color: '#E53935', users: [ann.userId, bob.userId] },
    });
    expect(group.status).toBe(201);
    kitchen = group.body.id;
    // A shift activity nobody works (no published shift): it resolves to nobody.
    const activity = await callApi('shifts', 'POST', `/api/organizations/${orgId}/shift-activity-types`, { token: admin.token, body: { name: 'Nurses', color: '#43A047' } });
    expect(activity.status).toBe(201);
    nurses = activity.body.id;
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await closeDelivery();
  });

  it("sends now to a group: each member's watch gets the envelope, the status says Sent, receipts make it Read", async () => {
    const [annWatch, cemWatch] = await Promise.all([watchOf(orgId, ann), watchOf(orgId, cem)]);
    const sent = await send({ content: content('Lunch', 'Soup today'), recipient_groups: [{ group_number: 0, recipients: [{ id: kitchen, type: 'user_group' }] }] });
    expect(sent).toMatchObject({ content: content('Lunch', 'Soup today'), meta: { scheduled: false, is_recurring_root: false }, created_by: admin.userId, recipient_count: 2 });

    const [message] = await waitFor(() => annWatch.about(sent.id), (m) => m.length > 0, "Ann's message");
    expect(message).toEqual({
      v: 1,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'notification',
      sent_at: sent.sent_at,
      data: { kind: 'notification', notification_id: sent.id, title: 'Lunch', body: 'Soup today', sent_at: sent.sent_at },
    });
    expect(cemWatch.about(sent.id)).toEqual([]);

    const before = await status(sent.id);
    expect([...before.user_ids].sort()).toEqual([ann.userId, bob.userId].sort());
    expect([...before.sent_user_ids].sort()).toEqual([ann.userId, bob.userId].sort());
    expect(before).toMatchObject({ received_user_ids: [], read_user_ids: [] });
    expect(before.resolved_recipient_groups).toHaveLength(1);

    // Shown, then opened; the same envelope twice counts once.
    await annWatch.receipt(sent.id, 'received');
    const readId = randomUUID();
    await annWatch.receipt(sent.id, 'read', readId);
    await annWatch.receipt(sent.id, 'read', readId);
    const after = await waitFor(() => status(sent.id), (s) => s.read_user_ids.length > 0, 'the read receipt');
    expect(after.received_user_ids).toEqual([ann.userId]);
    expect(after.read_user_ids).toEqual([ann.userId]);
    expect(perUserState(after, ann.userId)).toBe('Read');
    expect(perUserState(after, bob.userId)).toBe('Sent');
    expect(perUserState(after, cem.userId)).toBe('NotSent');

    const details = await api('GET', `/notifications/${sent.id}`);
    expect(details.body.status).toEqual(after);
    const list = await api('GET', '/notifications?tab=sent');
    expect(list.body.items[0].id).toBe(sent.id);
  });

  it("lets a watch emulator use only its user's inbox and events topic, and only with a valid ID token", async () => {
    const connect = (password: string, username = 'user') =>
      connectAsync(runtime.mqttTcpUrl, { clientId: `user-${ann.userId}-${randomUUID().replace(/-/g, '')}`, username, password, reconnectPeriod: 0, connectTimeout: 5_000 });
    await expect(connect('not-a-token')).rejects.toThrow(/Bad username or password/i);
    await expect(connect(ann.token, `user:${bob.userId}`)).rejects.toThrow(/Bad username or password/i);
    const client = await connect(ann.token, `user:${ann.userId}`);
    clients.push(client);
    const granted = async (topic: string) => {
      try {
        return (await client.subscribeAsync(topic, { qos: 1 }))[0]?.qos;
      } catch (error) {
        return (error as { packet?: { granted: number[] } }).packet?.granted[0];
      }
    };
    expect(await granted(inboxTopic(orgId, ann.userId))).toBe(1);
    expect(await granted(inboxTopic(orgId, bob.userId))).toBe(128);
    expect(await granted(`portal/v1/${orgId}/users/+/inbox`)).toBe(128);
    expect(await granted(inboxTopic('another-org', ann.userId))).toBe(128);
  });

  it("counts a device's receipt for the user the device serves", async () => {
    const registered = await callApi('devices', 'POST', `/api/organizations/${orgId}/devices`, {
      token: admin.token,
      body: { device_id: `SN-${randomUUID()}`, user_id: bob.userId },
    });
    expect(registered.status).toBe(201);
    const { credentials } = registered.body as RegisteredDevice;
    const device = await connectAsync(runtime.mqttTcpUrl, { clientId: credentials.client_id, username: credentials.username, password: credentials.token, reconnectPeriod: 0 });
    clients.push(device);
    const received = new Promise<Envelope>((resolve) => device.on('message', (_t, payload) => resolve(parseEnvelope(payload.toString('utf8'))!)));
    await device.subscribeAsync(credentials.mqtt.topics.inbox!, { qos: 1 });

    const sent = await send({ content: content('Delivery at 3'), recipient_groups: toUsers(bob.userId) });
    expect((await received).data.notification_id).toBe(sent.id);
    const receipt = createEnvelope('event', { kind: 'notification', notification_id: sent.id, event: 'received' }, randomUUID());
    await device.publishAsync(deviceEventsTopic(orgId, registered.body.device.id), JSON.stringify(receipt), { qos: 1 });
    const after = await waitFor(() => status(sent.id), (s) => s.received_user_ids.length > 0, "the device's receipt");
    expect(after).toMatchObject({ received_user_ids: [bob.userId], read_user_ids: [] });
  });

  it('resolves everyone, single users and groups when it is sent; strangers and non-members get nothing', async () => {
    const everyone = await send({ content: content('All hands'), recipient_groups: [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }] });
    expect([...(await status(everyone.id)).user_ids].sort()).toEqual([admin.userId, ann.userId, bob.userId, cem.userId].sort());

    // A stranger's id is refused when sent (docs/security.md, "Ids in request bodies"); nobody gets anything.
    expect(await api('POST', '/notifications', { content: content('Stranger'), recipient_groups: toUsers('not-a-member') })).toMatchObject({
      status: 400,
      body: { errors: { recipient_groups: 'Unknown user in recipient_groups: not-a-member' } },
    });
    expect(await api('POST', '/notifications', { content: content('Stranger'), recipient_groups: [{ group_number: 0, recipients: [{ id: 'nurses', type: 'shift_activity_type' }] }] })).toMatchObject({
      status: 400,
      body: { errors: { recipient_groups: 'Unknown shift activity in recipient_groups: nurses' } },
    });
    const mixed = await send({
      content: content('Mixed'),
      recipient_groups: [
        { group_number: 0, recipients: [{ id: cem.userId, type: 'user' }, { id: kitchen, type: 'user_group' }] },
        { group_number: 1, recipients: [{ id: ann.userId, type: 'user' }, { id: nurses, type: 'shift_activity_type' }] },
      ],
    });
    const mixedStatus = await status(mixed.id);
    expect([...mixedStatus.user_ids].sort()).toEqual([ann.userId, bob.userId, cem.userId].sort());
    expect(mixedStatus.resolved_recipient_groups.map((g) => g.group_number)).toEqual([0]);
  });

  it("answers the spec's validation messages", async () => {
    const valid = { content: content('Hello'), recipient_groups: toUsers(ann.userId) };
    const error = async (body: unknown) => {
      const answer = await api('POST', '/notifications', body);
      expect(answer.status).toBe(400);
      return answer.body as { message: string; errors: Record<string, string> };
    };
    expect((await error({ ...valid, content: content('') })).errors['content.title.text']).toBe('Title is required');
    expect((await error({ ...valid, content: content('x'.repeat(28)) })).errors['content.title.text']).toBe('Title must be at most 27 characters');
    expect((await error({ ...valid, content: content('Hi', 'x'.repeat(108)) })).errors['content.body.text']).toBe('Message must be at most 107 characters');
    expect((await error({ ...valid, recipient_groups: [] })).message).toBe('At least one recipient is required');
    expect((await error({ ...valid, config: { send: sendIn(-2) } })).errors['config.send']).toBe('Send at cannot be in the past');
    expect((await error({})).message).toBeTruthy();

    const repeat = (end: { date: string; offset: string } | null) => ({
      ...valid,
      config: {
        send: sendIn(60),
        recurring: { occurrence_time: { send: { time: sendIn(60).time, offset: sendIn(60).offset } }, range: { start: { date: sendIn(60).date, offset: sendIn(60).offset }, end }, days: ['monday'] },
      },
    });
    expect((await error(repeat({ date: sendIn(-24 * 60).date, offset: '+01:00' }))).errors['config.recurring.range.end']).toBe('End date must be after send date');
    // Without an end date (the toggle off) the series is open-ended.
    expect((await send(repeat(null))).item_type).toBe('notification_recurring_root');

    // A message alone needs no title; a send time seconds ago counts as now.
    expect((await send({ ...valid, content: content('', 'Only a message') })).meta.scheduled).toBe(false);
    expect((await send({ ...valid, config: { send: sendAtSeconds(-30_000) } })).sent_at).toBeTruthy();
  });

  it('allows only content edits of a sent notification, validating only its title', async () => {
    const sent = await send({ content: content('Typo'), recipient_groups: toUsers(ann.userId) });
    const edited = await api('PUT', `/notifications/${sent.id}`, { content: content('Fixed', 'Now right'), recipient_groups: toUsers(cem.userId) });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ content: content('Fixed', 'Now right'), recipient_groups: toUsers(ann.userId), sent_at: sent.sent_at });
    const invalid = await api('PUT', `/notifications/${sent.id}`, { content: content('') });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors['content.title.text']).toBe('Title is required');
    expect((await api('PUT', `/notifications/${sent.id}`, 'not an object')).status).toBe(400);
  });

  it('answers 404 for unknown ids', async () => {
    for (const [method, path] of [
      ['GET', '/notifications/nope'],
      ['GET', '/notifications/nope/status'],
      ['GET', '/notifications/nope/recurring-root'],
      ['PUT', '/notifications/nope'],
      ['DELETE', '/notifications/nope'],
    ] as const) {
      const answer = await api(method, path, method === 'PUT' ? { content: content('x') } : undefined);
      expect([path, answer.status, answer.body.message]).toEqual([path, 404, 'Notification not found']);
    }
  });

  describe('scheduled', () => {
    const firingOf = (notification: NotificationDto, occurrence = notification.send_at!): ScheduledFiring => ({
      source: 'portal.scheduler',
      schedule_name: `notif-${notification.id}`,
      target: { module: 'notifications', type: 'notification.send', orgId, id: notification.id },
      occurrence,
    });
    const fire = async (firing: ScheduledFiring) => {
      const { handler } = await import('../../functions/src/notifications/scheduled.handler.ts');
      const acted = await handler(firing);
      await localDeliveryQueue().idle();
      return acted;
    };
    const listed = async (tab: 'sent' | 'scheduled') => ((await api('GET', `/notifications?tab=${tab}&limit=100`)).body.items as NotificationDto[]).map((n) => n.id);

    it('is listed under scheduled until it fires; a firing delivered twice sends once and moves it to sent', async () => {
      const annWatch = await watchOf(orgId, ann);
      const later = await send({ content: content('Tomorrow'), recipient_groups: toUsers(ann.userId), config: { send: sendIn(24 * 60) } });
      const sooner = await send({ content: content('In an hour'), recipient_groups: toUsers(ann.userId), config: { send: sendIn(60) } });
      expect(later.meta.scheduled).toBe(true);
      expect((await status(later.id)).user_ids).toEqual([]);
      const scheduled = await listed('scheduled');
      expect(scheduled.indexOf(sooner.id)).toBeLessThan(scheduled.indexOf(later.id));
      expect(await listed('sent')).not.toContain(later.id);

      expect(await fire(firingOf(later))).toEqual({ acted: true });
      expect(await fire(firingOf(later))).toEqual({ acted: false });
      await waitFor(() => annWatch.about(later.id), (m) => m.length > 0, 'the scheduled message');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(annWatch.about(later.id)).toHaveLength(1);
      expect(await listed('sent')).toContain(later.id);
      expect(await listed('scheduled')).not.toContain(later.id);
      expect((await status(later.id)).sent_user_ids).toEqual([ann.userId]);
      expect((await api('GET', `/notifications/${later.id}`)).body.meta.scheduled).toBe(false);
    });

    it('is edited in full and rescheduled; the old firing is ignored; delete cancels it', async () => {
      const planned = await send({ content: content('Draft'), recipient_groups: toUsers(ann.userId), config: { send: sendIn(120) } });
      const moved = await api('PUT', `/notifications/${planned.id}`, { content: content('Final'), recipient_groups: toUsers(bob.userId), config: { send: sendIn(180) } });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ content: content('Final'), recipient_groups: toUsers(bob.userId), meta: { scheduled: true } });
      expect(moved.body.send_at).not.toBe(planned.send_at);
      expect((await api('PUT', `/notifications/${planned.id}`, { content: content('Final'), recipient_groups: toUsers(bob.userId), config: { send: sendIn(-5) } })).body.message).toBe(
        'Send at cannot be in the past',
      );

      expect(await fire(firingOf(planned))).toEqual({ acted: true });
      expect((await api('GET', `/notifications/${planned.id}`)).body.meta.scheduled).toBe(true);

      expect((await api('DELETE', `/notifications/${planned.id}?scope=one`)).status).toBe(204);
      expect((await api('GET', `/notifications/${planned.id}`)).status).toBe(404);
      expect(await listed('scheduled')).not.toContain(planned.id);
    });

    it("runs a series: each firing creates one child; 'one' edits and deletes a child, 'all' the root and the series", async () => {
      const first = sendIn(24 * 60);
      const end = partsIn(new Date(Date.now() + 8 * 86_400_000), 'Europe/Berlin');
      const root = await send({
        content: content('Daily briefing'),
        recipient_groups: toUsers(ann.userId),
        config: {
          send: first,
          recurring: {
            occurrence_time: { send: { time: first.time, offset: first.offset } },
            range: { start: { date: first.date, offset: first.offset }, end: { date: end.date, offset: end.offset } },
            days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
          },
        },
      });
      expect(root).toMatchObject({ item_type: 'notification_recurring_root', meta: { is_recurring_root: true, scheduled: true } });
      expect(await listed('scheduled')).toContain(root.id);

      expect(await fire(firingOf(root))).toEqual({ acted: true });
      expect(await fire(firingOf(root))).toEqual({ acted: false });
      const childId = `${root.id}-${occurrenceKey(new Date(root.send_at!))}`;
      const child = (await api('GET', `/notifications/${childId}`)).body as NotificationDto;
      expect(child).toMatchObject({ meta: { is_recurring_child: true, recurring_root_id: root.id, scheduled: false }, content: content('Daily briefing') });
      expect(child.status!.sent_user_ids).toEqual([ann.userId]);
      expect(await listed('sent')).toContain(childId);
      const nextRoot = (await api('GET', `/notifications/${root.id}`)).body as NotificationDto;
      expect(Date.parse(nextRoot.send_at!)).toBe(Date.parse(root.send_at!) + 86_400_000);
      expect((await api('GET', `/notifications/${childId}/recurring-root`)).body.id).toBe(root.id);

      // Just this one: the child's content; the root keeps its own.
      expect((await api('PUT', `/notifications/${childId}`, { content: content('Briefing moved') })).status).toBe(200);
      expect((await api('GET', `/notifications/${root.id}`)).body.content).toMatchObject(content('Daily briefing'));
      // All occurrences: the root, in full.
      const allEdit = await api('PUT', `/notifications/${root.id}`, { ...root, content: content('Daily briefing v2') });
      expect(allEdit.status).toBe(200);
      expect(allEdit.body).toMatchObject({ item_type: 'notification_recurring_root', content: content('Daily briefing v2') });

      expect(await fire(firingOf(root, nextRoot.send_at!))).toEqual({ acted: true });
      const secondChild = `${root.id}-${occurrenceKey(new Date(nextRoot.send_at!))}`;
      expect((await api('GET', `/notifications/${secondChild}`)).body.content).toMatchObject(content('Daily briefing v2'));

      expect((await api('DELETE', `/notifications/${childId}?scope=one`)).status).toBe(204);
      expect((await api('GET', `/notifications/${childId}`)).status).toBe(404);
      expect((await api('GET', `/notifications/${root.id}`)).status).toBe(200);

      expect((await api('DELETE', `/notifications/${secondChild}?scope=all`)).status).toBe(204);
      for (const id of [root.id, secondChild]) expect((await api('GET', `/notifications/${id}`)).status).toBe(404);
      expect(await listed('scheduled')).not.toContain(root.id);
      expect((await api('DELETE', `/notifications/${root.id}?scope=everything`)).status).toBe(400);
    });
  });

  it('is refused with 403 while the feature is off, and to employees', async () => {
    const employee = await callApi('users', 'POST', `/api/organizations/${orgId}/users`, {
      token: admin.token,
      body: { firstname: 'Emma', lastname: 'Ployee', email: unique('emma'), password: PASSWORD, access_level: 'employee' },
    });
    const employeeToken = await signIn(employee.body.email, PASSWORD);
    expect((await api('GET', '/notifications', undefined, employeeToken)).status).toBe(403);
    await updateGeneralSettings(orgId, { general: { features: { notifications: 'disable' } } }, SETUP_ACTOR);
    try {
      const answer = await api('GET', '/notifications');
      expect(answer).toMatchObject({ status: 403, body: { message: 'This feature is not enabled for your organization' } });
    } finally {
      await updateGeneralSettings(orgId, { general: { features: { notifications: 'enable' } } }, SETUP_ACTOR);
    }
  });
});
