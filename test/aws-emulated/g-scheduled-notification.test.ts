import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDto, NotificationStatus } from '@portal/shared/notifications/notification.schema';
import { partsIn } from '@portal/shared/scheduling/series-time';
import { waitFor } from '../support/wait-for.ts';
import {
  api,
  closeWatches,
  harnessReport,
  importPeopleAsOperator,
  observeInboxes,
  organizationWithStaff,
  subOf,
  type InboxObserver,
  type StaffMember,
} from '../support/aws-emulated/portal-client.ts';

/**
 * (g) A notification scheduled a few seconds ahead to everyone of an organisation of 500 people: the
 * notifications API function creates its `notification.send` schedule (EventBridge Scheduler, fired
 * late within the minute as AWS may); the firing invokes the notifications scheduled function as the
 * scheduler's role, which queues the send; the delivery function publishes it to 500 inboxes through
 * the IoT data plane and writes a sent row for each. One person has a watch; the other inboxes are
 * counted on one MQTT subscription (the harness's observer), not 500 clients. 498 of the people are
 * imported into the table as an operator would (portal-client.ts): through the users API and Cognito
 * they would take far longer.
 */
const PASSWORD = 'Emulated-Later-1!';
const PEOPLE = 500;
/** The scheduler may fire up to a minute late; then the queue, and 500 publishes and rows. */
const SCHEDULER_SLACK_MS = 60_000 + 45_000;

let orgId: string;
let owner: string;
let staff: StaffMember[] = [];
let everyone: string[] = [];
let observer: InboxObserver | undefined;

beforeAll(async () => {
  ({ orgId, owner, staff } = await organizationWithStaff('Emulated Later Market', ['Ann'], PASSWORD));
  const begun = Date.now();
  const imported = await importPeopleAsOperator(orgId, PEOPLE - 2);
  console.log(`[aws-emulated] ${PEOPLE - 2} people imported in ${((Date.now() - begun) / 1000).toFixed(1)} s`);
  everyone = [subOf(owner), staff[0]!.userId, ...imported].sort();
  observer = await observeInboxes(orgId);
});

afterAll(async () => {
  await closeWatches(staff);
  await observer?.client.endAsync();
  expect((await harnessReport()).refused).toEqual([]);
});

describe('a notification scheduled to 500 people on the emulated stack', () => {
  it('is sent by the scheduler at its time to every inbox, once each, and stored as sent to each', { timeout: 180_000 }, async () => {
    const [ann] = staff as [StaffMember];
    // The portal's recipient picker (the users function) lists them all: the import made people as it sees them.
    const picker = await api<{ users: Array<{ id: string }> }>(owner, 'GET', `/organizations/${orgId}/recipients`);
    expect(picker.body.users.map((u) => u.id).sort()).toEqual(everyone);
    const sendAt = partsIn(new Date(Date.now() + 8_000), 'Europe/Berlin', true);
    const created = await api<NotificationDto>(owner, 'POST', `/organizations/${orgId}/notifications`, {
      content: { title: { text: 'Stocktaking tonight' }, body: { text: 'Everyone at 20:00' } },
      recipient_groups: [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }],
      config: { send: sendAt, recurring: null },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const dueAt = Date.parse(created.body.send_at!);
    expect(dueAt).toBeGreaterThan(Date.now());
    const ofThis = () => observer!.received.filter((r) => r.envelope.type === 'notification' && r.envelope.data.notification_id === id);
    expect(ofThis()).toEqual([]);

    const delivered = await waitFor(ofThis, (r) => r.length >= PEOPLE, `the notification in ${PEOPLE} inboxes`, dueAt - Date.now() + SCHEDULER_SLACK_MS);
    console.log(`[aws-emulated] the scheduled notification reached ${PEOPLE} inboxes ${((Date.now() - dueAt) / 1000).toFixed(1)} s after its time`);
    expect(delivered.map((r) => r.userId).sort()).toEqual(everyone);
    expect(ann.watch.inbox.filter((e) => e.data.notification_id === id)).toEqual([expect.objectContaining({ data: expect.objectContaining({ title: 'Stocktaking tonight' }) })]);

    const status = async () => (await api<NotificationStatus>(owner, 'GET', `/organizations/${orgId}/notifications/${id}/status`)).body;
    // The rows are written in batches after the publishes; counted, so a timeout's message stays short.
    await waitFor(async () => (await status()).sent_user_ids.length, (sent) => sent === PEOPLE, 'a sent row per person', 30_000);
    expect([...(await status()).sent_user_ids].sort()).toEqual(everyone);
    // Nothing was sent twice meanwhile.
    expect(ofThis()).toHaveLength(PEOPLE);
  });
});
