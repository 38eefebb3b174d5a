import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDto } from '@portal/shared/notifications/notification.schema';
import { partsIn } from '@portal/shared/notifications/send-time';
import { getNotification } from '../../functions/src/notifications/notifications.repository.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { registerDeliveryQueueAdapter, type DeliveryBatch } from '../../functions/src/platform/delivery/delivery-queue.ts';
import { getSchedule } from '../../functions/src/platform/scheduling/table.adapter.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

// The scheduling port's table adapter, as in the local runtime.
process.env.SCHEDULER ??= 'table';

/**
 * A send whose queueing fails (decision 0020): the caller hears 503 with the product's message, a
 * create leaves no row, and an edit leaves the notification and its schedule as they were.
 */
const PASSWORD = 'Notify-Fail-1!';
const NOT_CARRIED_OUT = { message: 'The notification could not be sent or scheduled. Please try again.', code: 'notifications.notCarriedOut' };

const content = (title: string) => ({ title: { text: title }, body: { text: '' } });
const sendIn = (minutes: number) => partsIn(new Date(Date.now() + minutes * 60_000), 'Europe/Berlin');

/** The delivery queue down: every enqueue fails, as SQS refusing the batches would. */
const offered: DeliveryBatch[][] = [];
function breakQueue(): void {
  registerDeliveryQueueAdapter({
    kind: 'in-process',
    create: () => ({
      enqueue: async (batches) => {
        offered.push([...batches]);
        throw new Error('queue unavailable');
      },
    }),
  });
}

/** The local runtime's in-process queue again (as infra/local/functions.ts registers it). */
afterEach(() => {
  registerDeliveryQueueAdapter({ kind: 'in-process', create: () => ({ enqueue: (batches) => localDeliveryQueue().enqueue(batches) }) });
  offered.length = 0;
});

describe('a send whose queueing fails', () => {
  let orgId: string;
  let token: string;
  let annId: string;
  const api = (method: string, path: string, body?: unknown) => callApi('notifications', method, `/api/organizations/${orgId}${path}`, { token, body });
  const toAnn = () => [{ group_number: 0, recipients: [{ id: annId, type: 'user' }] }];
  const listed = async (tab: 'sent' | 'scheduled') => ((await api('GET', `/notifications?tab=${tab}&limit=100`)).body.items as NotificationDto[]).map((n) => n.id);
  const schedule = (id: string) => getSchedule(`notif-${id}`);

  beforeAll(async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@send-failure.test`;
    const adminId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Queue Down Inn', timeZone: 'Europe/Berlin', owner: ownerOf(adminId, ['admin'], email) });
    token = await signIn(email, PASSWORD);
    const ann = await callApi('users', 'POST', `/api/organizations/${orgId}/users`, {
      token,
      body: { firstname: 'Ann', lastname: 'Tester', email: `ann-${randomUUID().slice(0, 8)}@send-failure.test`, password: PASSWORD },
    });
    expect(ann.status).toBe(201);
    annId = ann.body.id;
  });

  it('answers 503 with the product message to a create and keeps no notification', async () => {
    const [sentBefore, scheduledBefore] = [await listed('sent'), await listed('scheduled')];
    breakQueue();
    const answer = await api('POST', '/notifications', { content: content('Never queued'), recipient_groups: toAnn() });
    expect([answer.status, answer.body]).toEqual([503, NOT_CARRIED_OUT]);
    // The queue was asked, with the new notification's reference; its row is gone again.
    const [[batch]] = offered as [[DeliveryBatch]];
    expect(batch).toMatchObject({ orgId, message: { module: 'notifications', kind: 'notification' }, recipients: [{ userId: annId, groupNumber: 0 }] });
    expect(await getNotification(orgId, batch.message.id, { consistent: true })).toBeNull();
    expect(await schedule(batch.message.id)).toBeNull();
    expect(await listed('sent')).toEqual(sentBefore);
    expect(await listed('scheduled')).toEqual(scheduledBefore);
  });

  it('leaves a scheduled notification, row and schedule, as it was when an edit to send now fails', async () => {
    const planned = await api('POST', '/notifications', { content: content('Drill at 4'), recipient_groups: toAnn(), config: { send: sendIn(120) } });
    expect(planned.status).toBe(201);
    const id = (planned.body as NotificationDto).id;
    const [rowBefore, scheduleBefore] = [await getNotification(orgId, id, { consistent: true }), await schedule(id)];
    expect(scheduleBefore).toMatchObject({ kind: 'at', occurrenceAt: planned.body.send_at, target: { module: 'notifications', orgId, id } });

    breakQueue();
    const edit = await api('PUT', `/notifications/${id}`, { content: content('Drill now'), recipient_groups: toAnn() });
    expect([edit.status, edit.body]).toEqual([503, NOT_CARRIED_OUT]);
    expect(offered.flat().map((b) => b.message.id)).toEqual([id]);

    expect(await getNotification(orgId, id, { consistent: true })).toEqual(rowBefore);
    expect(await schedule(id)).toMatchObject({ kind: 'at', occurrenceAt: scheduleBefore!.occurrenceAt, expression: scheduleBefore!.expression, target: scheduleBefore!.target, state: 'scheduled' });
    expect((await api('GET', `/notifications/${id}`)).body).toEqual({ ...planned.body, status: expect.any(Object) });
    expect(await listed('scheduled')).toContain(id);
    expect(await listed('sent')).not.toContain(id);
  });

  it('leaves a recurring root, row and series, as it was when an edit to a one-off send fails', async () => {
    const first = sendIn(24 * 60);
    const end = partsIn(new Date(Date.now() + 8 * 86_400_000), 'Europe/Berlin');
    const created = await api('POST', '/notifications', {
      content: content('Daily briefing'),
      recipient_groups: toAnn(),
      config: {
        send: first,
        recurring: {
          occurrence_time: { send: { time: first.time, offset: first.offset } },
          range: { start: { date: first.date, offset: first.offset }, end: { date: end.date, offset: end.offset } },
          days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
        },
      },
    });
    expect(created.status).toBe(201);
    const root = created.body as NotificationDto;
    expect(root.item_type).toBe('notification_recurring_root');
    const [rowBefore, seriesBefore] = [await getNotification(orgId, root.id, { consistent: true }), await schedule(root.id)];
    expect(seriesBefore).toMatchObject({ kind: 'cron', occurrenceAt: root.send_at });

    breakQueue();
    const edit = await api('PUT', `/notifications/${root.id}`, { content: content('Just once, now'), recipient_groups: toAnn() });
    expect([edit.status, edit.body]).toEqual([503, NOT_CARRIED_OUT]);

    expect(await getNotification(orgId, root.id, { consistent: true })).toEqual(rowBefore);
    const { updatedAt: _, ...series } = seriesBefore!;
    expect(await schedule(root.id)).toMatchObject(series);
    expect(await listed('scheduled')).toContain(root.id);
  });

  it('sends the same edit once the queue takes batches again', async () => {
    const planned = await api('POST', '/notifications', { content: content('Lunch later'), recipient_groups: toAnn(), config: { send: sendIn(60) } });
    const id = (planned.body as NotificationDto).id;
    breakQueue();
    expect((await api('PUT', `/notifications/${id}`, { content: content('Lunch now'), recipient_groups: toAnn() })).status).toBe(503);
    registerDeliveryQueueAdapter({ kind: 'in-process', create: () => ({ enqueue: (batches) => localDeliveryQueue().enqueue(batches) }) });

    const sent = await api('PUT', `/notifications/${id}`, { content: content('Lunch now'), recipient_groups: toAnn() });
    expect(sent.status).toBe(200);
    await localDeliveryQueue().idle();
    expect(await schedule(id)).toBeNull();
    const details = (await api('GET', `/notifications/${id}`)).body as NotificationDto;
    expect(details).toMatchObject({ content: content('Lunch now'), meta: { scheduled: false }, recipient_count: 1 });
    expect(details.status!.sent_user_ids).toEqual([annId]);
  });
});
