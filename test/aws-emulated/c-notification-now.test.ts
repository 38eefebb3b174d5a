import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationStatus } from '@portal/shared/notifications/notification.schema';
import { waitFor } from '../support/wait-for.ts';
import { api, closeWatches, harnessReport, organizationWithStaff, type StaffMember } from '../support/aws-emulated/portal-client.ts';

/**
 * (c) A notification sent now to several people: the notifications API function queues the send
 * (202), the delivery function on the queue publishes to each inbox through the IoT data plane and
 * writes a row per recipient; a watch's read receipt goes through the uplink rule's SQL to the
 * notifications uplink function.
 */
const PASSWORD = 'Emulated-Notify-1!';

let orgId: string;
let owner: string;
let staff: StaffMember[] = [];

beforeAll(async () => {
  ({ orgId, owner, staff } = await organizationWithStaff('Emulated Notify Inn', ['Ann', 'Bob', 'Cem'], PASSWORD));
});

afterAll(async () => {
  await closeWatches(staff);
  expect((await harnessReport()).refused).toEqual([]);
});

describe('a notification sent now on the emulated stack', () => {
  it('reaches every recipient’s watch, is stored as sent to each, and records a read receipt from a watch', async () => {
    const recipients = staff.map((s) => ({ id: s.userId, type: 'user' }));
    const sent = await api(owner, 'POST', `/organizations/${orgId}/notifications`, {
      content: { title: { text: 'Delivery at the back door' }, body: { text: 'Ten minutes' } },
      recipient_groups: [{ group_number: 0, recipients }],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const id = sent.body.id as string;

    for (const person of staff) {
      const [message] = await waitFor(() => person.watch.inbox.filter((e) => e.data.notification_id === id), (m) => m.length > 0, `the notification on ${person.userId}'s watch`, 20_000);
      expect(message!.data).toMatchObject({ kind: 'notification', notification_id: id });
    }
    const status = async () => (await api<NotificationStatus>(owner, 'GET', `/organizations/${orgId}/notifications/${id}/status`)).body;
    await waitFor(status, (s) => s.sent_user_ids.length === staff.length, 'a sent row per recipient', 10_000);

    await staff[0]!.watch.send({ kind: 'notification', notification_id: id, event: 'read', at: new Date().toISOString() });
    const after = await waitFor(status, (s) => s.read_user_ids.includes(staff[0]!.userId), 'the read receipt stored', 10_000);
    expect(after.sent_user_ids.sort()).toEqual(staff.map((s) => s.userId).sort());
  });
});
