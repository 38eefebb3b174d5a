import { randomUUID } from 'node:crypto';
import { createEnvelope } from '@portal/shared/devices/topics';
import { notificationSchema } from '@portal/shared/notifications/notification.schema';
import { topics } from '../../functions/src/platform/delivery/topics.ts';
import { createNotification, listNotifications } from '../../functions/src/notifications/notifications.service.ts';
import { applyUplink } from '../../functions/src/notifications/uplink.service.ts';
import { localDeliveryQueue } from './functions.ts';
import type { LiveDay, LiveDayPart, StaffName } from './live-day.ts';

/** Who has read it on their watch (the early shift), minutes after it was sent; the late shift has not yet. */
const READS: ReadonlyArray<{ who: StaffName; after: number }> = [
  { who: 'Anna', after: 2 },
  { who: 'Ben', after: 5 },
  { who: 'Clara', after: 11 },
  { who: 'Elif', after: 26 },
];

/**
 * This morning's notification to everyone, received on every watch and read by four, through the
 * notifications service and the receipts' uplink service (a watch's `received` and `read` events on
 * its user's events topic), each at its moment.
 */
async function seed(day: LiveDay): Promise<void> {
  const { clock, orgId } = day;
  const sentAt = clock.at('08:30');
  const input = notificationSchema.validateSync(
    {
      content: { title: { text: 'Team meeting at 14:00' }, body: { text: 'In the break room: the new opening hours and the summer rota.' } },
      recipient_groups: [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }],
      config: { send: null, recurring: null },
    },
    { stripUnknown: true },
  );
  const notification = await createNotification(orgId, day.adminId, input, sentAt);
  await localDeliveryQueue().idle();
  const receipt = (userId: string, event: 'received' | 'read', at: Date) =>
    applyUplink(topics.userEvents(orgId, userId), createEnvelope('event', { kind: 'notification', notification_id: notification.id, event, at: at.toISOString() }, randomUUID(), at), at);
  await Promise.all([...day.staff.values()].map((userId) => receipt(userId, 'received', clock.after(sentAt, 3))));
  await Promise.all(READS.flatMap((read) => (day.staff.has(read.who) ? [receipt(day.staff.get(read.who)!, 'read', clock.after(sentAt, read.after * 60))] : [])));
}

export const liveNotifications: LiveDayPart = {
  kind: 'notifications',
  async hasToday({ orgId, clock }) {
    const [latest] = (await listNotifications(orgId, { tab: 'sent', limit: '1' })).items;
    const sentAt = latest?.sent_at ?? latest?.send_at;
    return !!sentAt && sentAt >= clock.day.start && sentAt < clock.day.end;
  },
  seed,
};
