import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEnvelope, topicsFor } from '@portal/shared/devices/topics';
import { notificationSchema, type NotificationDto } from '@portal/shared/notifications/notification.schema';
import { partsIn } from '@portal/shared/notifications/send-time';
import { medianOf, percentileOf, rateOf } from '@portal/shared/reports/durations';
import type { NotificationRecipientItem } from '../../functions/src/notifications/notification-recipient.entity.ts';
import { getNotification } from '../../functions/src/notifications/notifications.repository.ts';
import { createNotification, deleteNotification } from '../../functions/src/notifications/notifications.service.ts';
import { notificationFactOf } from '../../functions/src/notifications/report-fact.ts';
import { finalFoldNameOf, notificationFacts, registerReportJobs, runFinalFold } from '../../functions/src/notifications/report-refresh.ts';
import { FOLD_DELAY_SECONDS, FOLD_JOB } from '../../functions/src/notifications/report-fold.ts';
import { createTemplate } from '../../functions/src/notifications/templates.service.ts';
import { applyUplink } from '../../functions/src/notifications/uplink.service.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { env } from '../../functions/src/platform/config.ts';
import { documentClient } from '../../functions/src/platform/db/client.ts';
import { runQueueJob } from '../../functions/src/platform/delivery/delivery-consumer.ts';
import { parseInput } from '../../functions/src/platform/http/validate.middleware.ts';
import { mergeByDate, mergeByValue, readRollups, type RollupTotal } from '../../functions/src/platform/reports/read-rollups.ts';
import { factRefresher } from '../../functions/src/platform/reports/fact-refresher.ts';
import { ReportFactRefEntity } from '../../functions/src/platform/reports/report-fact-ref.entity.ts';
import { ReportFactEntity } from '../../functions/src/platform/reports/report-fact.entity.ts';
import { MAX_ROW_ATTRIBUTES } from '../../functions/src/platform/reports/rollup-updates.ts';
import { rollupKeyOf } from '../../functions/src/platform/reports/report-rollup.entity.ts';
import { ScheduleEntity } from '../../functions/src/platform/scheduling/schedule.entity.ts';
import { scheduleId } from '../../functions/src/platform/scheduling/schedule-names.ts';
import { dayIn } from '../../functions/src/platform/tenancy/organization-day.ts';
import { changeMembers, insertGroup } from '../../functions/src/users/user-groups.repository.ts';
import { insertUser } from '../../functions/src/users/users.repository.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { createIdentity } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';
import { watchQueue } from '../support/watched-queue.ts';
import { watchTransactions } from '../support/watched-transactions.ts';
import { byKey } from '../support/rollup-totals.ts';

/**
 * The notifications module feeds the reports kit (issue 32, decision 0087): a send writes the fact
 * (n 1), each delivery batch's rows its `dlv`, and reads are folded from the recipient rows by a
 * job at most once a minute while they arrive, and once more 7 days after the send. Sends at fixed
 * clocks around a Berlin midnight a few hours ahead, reads through the uplink service with the
 * device's time and an injected clock; the fold jobs are taken off the queue and run here (their
 * delay is never waited for).
 */
process.env.SCHEDULER ??= 'table';

const ZONE = 'Europe/Berlin';
const DAY_MS = 86_400_000;
const { userEvents: userEventsTopic } = topicsFor();
const DIMENSIONS = ['ALL', 'TEMPLATE', 'GROUP'] as const;

describe('notifications: report facts (decision 0087)', () => {
  /** Every job put on the queue, fold jobs kept off it (they are run here); batches held on demand. */
  let queue: ReturnType<typeof watchQueue>;
  let midnight: number;
  let dayBefore: string;
  let dayAfter: string;

  async function organisation(people: number) {
    const email = `admin-${randomUUID().slice(0, 8)}@notif-facts.test`;
    const adminId = await createIdentity(email, 'Report-Pass-1!');
    const orgId = await foundOrganization({ name: 'Report Market', timeZone: ZONE, owner: ownerOf(adminId, ['admin'], email) });
    const staff = Array.from({ length: people }, (_, i) => `staff-${String(i).padStart(3, '0')}-${randomUUID().slice(0, 6)}`);
    for (let i = 0; i < people; i += 25) {
      await Promise.all(staff.slice(i, i + 25).map((userId, j) => insertUser({ orgId, userId, email: `${userId}@notif-facts.test`, firstname: 'Staff', lastname: String(i + j), type: 'normal', accessLevel: 'employee' })));
    }
    return { orgId, adminId, staff };
  }

  /** Sent now through the service at a fixed clock; its delivery runs unless held. */
  async function send(orgId: string, adminId: string, at: number, recipients: Array<{ id: string; type: string }>, templateId?: string): Promise<NotificationDto> {
    const input = await parseInput(notificationSchema, {
      content: { title: { text: 'Till 3' }, body: { text: '' } },
      recipient_groups: [{ group_number: 0, recipients }],
      config: { send: null, recurring: null },
      meta: { template_id: templateId ?? null, trigger_id: null },
    });
    const sent = await createNotification(orgId, adminId, input, new Date(at));
    await localDeliveryQueue().idle();
    return sent;
  }

  /** A read `afterMs` after the send, on the device's clock, recorded `lagMs` later on ours. */
  function read(orgId: string, sent: NotificationDto, userId: string, afterMs: number, options: { lagMs?: number } = {}) {
    const at = Date.parse(sent.sent_at!) + afterMs;
    const envelope = createEnvelope('event', { kind: 'notification', notification_id: sent.id, event: 'read', at: new Date(at).toISOString() }, randomUUID());
    return applyUplink(userEventsTopic(orgId, userId), envelope, new Date(at + (options.lagMs ?? 500)));
  }

  const foldJobs = (notificationId: string) => queue.queued.filter((job) => job.kind === FOLD_JOB && (job.payload as { notificationId: string }).notificationId === notificationId);
  /** Runs the fold jobs queued for a notification, as its delivery function would after their delay. */
  async function runFolds(notificationId: string) {
    for (const job of foldJobs(notificationId)) await runQueueJob(job);
  }
  const rows = (orgId: string, dimension: string, from = dayBefore, to = dayAfter) => readRollups({ orgId, kind: 'NOTIF', dimension, from, to });
  const everyDimension = async (orgId: string) => Object.fromEntries(await Promise.all(DIMENSIONS.map(async (d) => [d, await rows(orgId, d)] as const)));

  beforeAll(async () => {
    const next = dayIn(ZONE, new Date(Date.now() + 3 * 3_600_000));
    midnight = Date.parse(next.end);
    dayBefore = next.date;
    dayAfter = dayIn(ZONE, new Date(midnight + 1)).date;
    // The jobs run here are the delivery entry's (registered again: the in-process queue loads it on its first batch).
    registerReportJobs();
    queue = watchQueue({ keepOff: (job) => job.kind === FOLD_JOB });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  afterAll(() => queue.restore());

  it('gives exact sent, delivered and read counts, read rate, median and 90th percentile by day, template and group; folds at most once a minute; repeats change nothing', async () => {
    const { orgId, adminId, staff } = await organisation(6);
    const [a, b, c, d, e, f] = staff as [string, string, string, string, string, string];
    const groupId = `grp-${randomUUID().slice(0, 8)}`;
    await insertGroup(orgId, groupId, { name: 'Tills', color: '#1E88E5' });
    await changeMembers(orgId, groupId, [a, b, c], []);
    const template = await createTemplate(orgId, adminId, { title: 'Till', notification: { content: { title: { text: 'Till' }, body: { text: '' }, attachments: [] }, recipient_groups: [] } }, new Date());
    const minutes = (n: number) => midnight + n * 60_000;

    // Day D at 23:30, from the template, to the group and to d: delivered to a, b, c and d.
    const n1 = await send(orgId, adminId, minutes(-30), [{ id: groupId, type: 'user_group' }, { id: d, type: 'user' }], template.id);
    expect(await notificationFacts.now(orgId, n1.id)).toBe('unchanged');
    // Reads: a after 2 s (claims a fold), b after 30.5 s and again from a second device at 40 s
    // (both within the claimed minute: no job), d after 90.5 s (the minute is over: a second
    // fold), c 1 ms after the 7 days (a third fold, which does not count it).
    expect(await read(orgId, n1, a, 2_000)).toBe('recorded');
    expect(foldJobs(n1.id)).toEqual([{ orgId, module: 'notifications', kind: FOLD_JOB, payload: { notificationId: n1.id }, delaySeconds: FOLD_DELAY_SECONDS }]);
    expect(await read(orgId, n1, b, 30_500)).toBe('recorded');
    // b's second device (another envelope, the same user): recorded, read_at stays the first.
    expect(await read(orgId, n1, b, 40_000)).toBe('recorded');
    expect(foldJobs(n1.id)).toHaveLength(1);
    expect(await read(orgId, n1, d, 90_500)).toBe('recorded');
    expect(foldJobs(n1.id)).toHaveLength(2);
    expect(await read(orgId, n1, c, 7 * DAY_MS + 1)).toBe('recorded');
    expect(foldJobs(n1.id)).toHaveLength(3);
    await runFolds(n1.id);

    // Day D+1 at 00:10, no template, to e and f; e's read is recorded before its delivery row.
    queue.hold();
    const n2 = await send(orgId, adminId, minutes(10), [{ id: e, type: 'user' }, { id: f, type: 'user' }]);
    const before = mergeByValue(await rows(orgId, 'TEMPLATE', dayAfter, dayAfter));
    expect(byKey(before)).toEqual({ '-': { n: 1, durations: {} } });
    expect(await read(orgId, n2, e, 30_000)).toBe('recorded');
    await runFolds(n2.id);
    // Its fold found no delivery row: nothing read, nothing delivered yet.
    expect(byKey(mergeByValue(await rows(orgId, 'TEMPLATE', dayAfter, dayAfter)))).toEqual({ '-': { n: 1, durations: {} } });
    await queue.release();
    // The batch's rows written: its refresh counts both deliveries and e's earlier read.
    expect(byKey(mergeByValue(await rows(orgId, 'TEMPLATE', dayAfter, dayAfter)))).toEqual({ '-': { n: 1, dlv: 2, read: 1, durations: { 30_000: 1 } } });
    expect(await read(orgId, n2, f, 45_000)).toBe('recorded');
    await runFolds(n2.id);

    // A scheduled notification not yet sent has no fact.
    const later = await createNotification(
      orgId,
      adminId,
      await parseInput(notificationSchema, { content: { title: { text: 'Later' }, body: { text: '' } }, recipient_groups: [{ group_number: 0, recipients: [{ id: a, type: 'user' }] }], config: { send: partsIn(new Date(Date.now() + 4 * DAY_MS), ZONE), recurring: null }, meta: {} }),
    );
    expect(await notificationFacts.now(orgId, later.id)).toBe('gone');

    const [all] = mergeByValue(await rows(orgId, 'ALL'));
    expect(all!.counters).toEqual({ n: 2, dlv: 6, read: 5 });
    expect(all!.durations).toEqual({ 2_000: 1, 30_000: 1, 30_500: 1, 45_000: 1, 90_500: 1 });
    expect(rateOf(all!.counters.read!, all!.counters.dlv!)).toBeCloseTo(5 / 6, 12);
    expect(medianOf(all!.durations)).toBe(30_500);
    expect(percentileOf(all!.durations, 0.9)).toBe(90_500);
    const days = mergeByDate(await rows(orgId, 'ALL'));
    expect(byKey(days)).toEqual({
      [dayBefore]: { n: 1, dlv: 4, read: 3, durations: { 2_000: 1, 30_500: 1, 90_500: 1 } },
      [dayAfter]: { n: 1, dlv: 2, read: 2, durations: { 30_000: 1, 45_000: 1 } },
    });
    expect(days.map((day) => [medianOf(day.durations), percentileOf(day.durations, 0.9)])).toEqual([
      [30_500, 90_500],
      [37_500, 45_000],
    ]);
    /** Each row's [median, 90th percentile] (ms). */
    const quantiles = (totals: RollupTotal[]) => Object.fromEntries(totals.map((total) => [total.key, [medianOf(total.durations), percentileOf(total.durations, 0.9)]]));
    expect(quantiles(mergeByValue(await rows(orgId, 'TEMPLATE')))).toEqual({ [template.id]: [30_500, 90_500], '-': [37_500, 45_000] });
    expect(quantiles(mergeByValue(await rows(orgId, 'GROUP')))).toEqual({ 'user:*': [30_500, 90_500], [`user_group:${groupId}`]: [30_500, 90_500] });
    expect(byKey(mergeByValue(await rows(orgId, 'TEMPLATE')))).toEqual({
      [template.id]: { n: 1, dlv: 4, read: 3, durations: { 2_000: 1, 30_500: 1, 90_500: 1 } },
      '-': { n: 1, dlv: 2, read: 2, durations: { 30_000: 1, 45_000: 1 } },
    });
    expect(byKey(mergeByValue(await rows(orgId, 'GROUP')))).toEqual({
      'user:*': { ...all!.counters, durations: all!.durations },
      [`user_group:${groupId}`]: { n: 1, dlv: 4, read: 3, durations: { 2_000: 1, 30_500: 1, 90_500: 1 } },
    });

    // The last fold is scheduled 7 days (and 5 minutes) after the send.
    const { data: schedule } = await ScheduleEntity.get({ scheduleId: scheduleId(finalFoldNameOf(n1.id)) }).go();
    expect(schedule).toMatchObject({ kind: 'at', target: { module: 'notifications', type: 'notification.fold', orgId, id: n1.id } });
    expect(Date.parse(schedule!.occurrenceAt)).toBe(Date.parse(n1.sent_at!) + 7 * DAY_MS + 5 * 60_000);

    // Fold jobs run again, the last fold, a read envelope repeated: nothing moves.
    const settled = await everyDimension(orgId);
    await runFolds(n1.id);
    expect(await runFinalFold(orgId, n1.id)).toBe(false);
    expect(await notificationFacts.now(orgId, n2.id)).toBe('unchanged');
    expect(await everyDimension(orgId)).toEqual(settled);

    // Deleted: its fact stays as it was, its last fold cancelled.
    await deleteNotification(orgId, n1.id, 'one');
    expect(await getNotification(orgId, n1.id)).toBeNull();
    expect(await notificationFacts.now(orgId, n1.id)).toBe('gone');
    expect((await ScheduleEntity.get({ scheduleId: scheduleId(finalFoldNameOf(n1.id)) }).go()).data).toBeNull();
    expect(await everyDimension(orgId)).toEqual(settled);
  }, 60_000);

  it('folds a notification read by hundreds in steps of 200 reads, each one transaction within a row update, to the exact durations', async () => {
    const { orgId, adminId, staff } = await organisation(300);
    const sent = await send(orgId, adminId, midnight + 2 * 3_600_000, staff.map((id) => ({ id, type: 'user' })));
    // 280 reads of 260 distinct durations (more than a row's update may add at once), each
    // recorded a second after the last, so the first claims a fold and every minute another.
    const durations: number[] = [];
    for (let i = 0; i < 280; i++) {
      const ms = 1_000 + Math.min(i, 259) * 1_000 + 7;
      durations.push(ms);
      expect(await read(orgId, sent, staff[i]!, ms, { lagMs: 0 })).toBe('recorded');
    }
    // Reads over 260 s: a fold claimed each minute (at 1, 62, 123, 184 and 245 s), 5 in all.
    expect(foldJobs(sent.id)).toHaveLength(5);
    const watched = watchTransactions();
    expect(await notificationFacts.now(orgId, sent.id)).toBe('updated');
    vi.restoreAllMocks();
    // 200 and 80 reads: two transactions, each row's update within the 250 attributes. Its names:
    // `read`, the durations (200 distinct, then 60: the last 21 reads share one), and three set
    // (the TTL and the entity markers).
    const widest = watched.seen.map((input) => Math.max(...(input.TransactItems ?? []).map((item) => Object.keys(item.Update?.ExpressionAttributeNames ?? {}).length)));
    expect(widest).toEqual([1 + 200 + 3, 1 + 60 + 3]);
    for (const names of widest) expect(names - 3).toBeLessThanOrEqual(MAX_ROW_ATTRIBUTES);
    const local = dayIn(ZONE, new Date(Date.parse(sent.sent_at!))).date;
    const [all] = mergeByValue(await rows(orgId, 'ALL', local, local));
    const expected: Record<number, number> = {};
    for (const ms of durations) expected[ms] = (expected[ms] ?? 0) + 1;
    expect(all!.counters).toEqual({ n: 1, dlv: 300, read: 280 });
    expect(all!.durations).toEqual(expected);
    expect(Object.keys(all!.durations)).toHaveLength(260);
    expect(medianOf(all!.durations)).toBe(140_507);
    expect(percentileOf(all!.durations, 0.9)).toBe(252_007);
    expect(await notificationFacts.now(orgId, sent.id)).toBe('unchanged');
  }, 120_000);

  it('keeps the fact of a notification read by 2,000 people in 45 groups within an item: its rows count alike and are stored once', async () => {
    const orgId = `facts-${randomUUID()}`;
    const notificationId = `n-${randomUUID().slice(0, 8)}`;
    const sentAt = new Date(midnight + 4 * 3_600_000).toISOString();
    const groups = [{ group_number: 0, recipients: Array.from({ length: 45 }, (_, i) => ({ id: `g${i}`, type: 'user_group' })) }];
    const people = Array.from({ length: 2_000 }, (_, i) => `u${i}`);
    const base = { orgId, notificationId, shard: 0 };
    // Reads from 1 s to about 3 days after the send (9 digits of ms): 47 rows of 2,000 durations in
    // full would be about 650 KB, past DynamoDB's 400 KB item.
    const recipientRows: NotificationRecipientItem[] = [
      ...people.map((userId) => ({ ...base, row: 'USER' as const, userId, state: 'Sent' as const })),
      ...people.map((userId, i) => ({ ...base, row: 'RECEIPT' as const, userId, readAt: new Date(Date.parse(sentAt) + 1_000 + i * 129_653).toISOString() })),
    ];
    const facts = factRefresher({ module: 'notifications', kind: 'NOTIF', stepwise: true, read: async (_, __, stored) => notificationFactOf({ notificationId, sentAt, meta: {}, recipientGroups: groups, recipientCount: 2_000 }, recipientRows, ZONE, stored) });
    // Ten folds of 200 reads (about 0.4 s each on DynamoDB Local).
    expect(await facts.now(orgId, notificationId)).toBe('created');
    const { data: ref } = await ReportFactRefEntity.get({ orgId, kind: 'NOTIF', itemId: notificationId }).go();
    const { data: fact } = await ReportFactEntity.get({ orgId, kind: 'NOTIF', instant: ref!.instant, itemId: notificationId }).go();
    expect(fact!.factRev).toBe(10);
    expect(fact!.contribution).toHaveLength(47);
    expect(fact!.contribution.slice(1).every((row) => row.sameAs === 0)).toBe(true);
    expect(fact!.contribution[0]!.durations).toHaveLength(2_000);
    const local = dayIn(ZONE, new Date(Date.parse(sentAt))).date;
    const [all] = mergeByValue(await rows(orgId, 'ALL', local, local));
    expect(all!.counters).toEqual({ n: 1, dlv: 2_000, read: 2_000 });
    expect(Object.keys(all!.durations)).toHaveLength(2_000);
    // Its reads are in rows of its own (Open 18): a busy day's notifications never share a row that grows with every read.
    const key = rollupKeyOf(orgId, { kind: 'NOTIF', dimension: 'ALL', date: local, value: '-', item: notificationId });
    expect(key.sk).toBe(`${local}!${notificationId}#-`);
    expect((await documentClient.send(new GetCommand({ TableName: env.tableName, Key: key }))).Item).toMatchObject({ n: 1, dlv: 2_000, read: 2_000 });
    expect(fact!.contribution.every((row) => row.item === notificationId)).toBe(true);
  }, 120_000);

  it('queues a report.refresh:NOTIF job when the refresh fails where it was sent, and the job brings the fact up to date', async () => {
    const { orgId, adminId, staff } = await organisation(1);
    // The send's refresh transaction fails (the table throttled, say); the send itself succeeds.
    const transactions = watchTransactions({ fail: 1 });
    queue.hold();
    const sent = await send(orgId, adminId, midnight + 3 * 3_600_000, [{ id: staff[0]!, type: 'user' }]);
    vi.restoreAllMocks();
    expect(transactions.failed()).toBe(1);
    expect(queue.queued.filter((job) => job.kind === 'report.refresh:NOTIF' && (job.payload as { itemId: string }).itemId === sent.id)).toEqual([
      { orgId, module: 'notifications', kind: 'report.refresh:NOTIF', payload: { itemId: sent.id } },
    ]);
    await localDeliveryQueue().idle();
    expect(localDeliveryQueue().deadLetters).toEqual([]);
    const local = dayIn(ZONE, new Date(Date.parse(sent.sent_at!))).date;
    expect(mergeByValue(await rows(orgId, 'ALL', local, local))[0]?.counters).toEqual({ n: 1 });
    await queue.release();
    expect(mergeByValue(await rows(orgId, 'ALL', local, local))[0]?.counters).toEqual({ n: 1, dlv: 1 });
  });
});
