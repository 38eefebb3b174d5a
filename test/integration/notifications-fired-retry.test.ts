import { randomUUID } from 'node:crypto';
import type { SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNotification } from '../../functions/src/notifications/notifications.repository.ts';
import { readRows } from '../../functions/src/notifications/recipients.repository.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { registerDeliveryQueueAdapter, type DeliveryBatch } from '../../functions/src/platform/delivery/delivery-queue.ts';
import { encodeJob } from '../../functions/src/platform/delivery/delivery-queue.port.ts';
import { FROM_TEMPLATE_JOB } from '../../functions/src/platform/templates/from-template-job.ts';
import { insertUser } from '../../functions/src/users/users.repository.ts';
import { loadDeliveryHandler, localDeliveryQueue } from '../../infra/local/functions.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

/**
 * A fired notification template whose send fails midway (issue 27), in the notifications delivery
 * function as it runs on AWS: no SCHEDULER (it schedules nothing), so an undo that asks the
 * scheduler throws. The send now has no schedule to cancel: its row is removed, the job fails and
 * comes back, and the retry sends it.
 */
const PASSWORD = 'Fired-Retry-1!';

/** The job as the notifications queue hands it to its delivery function, `receives` times. */
const recordOf = (body: string, receives: number): SQSRecord => ({
  messageId: `m-${receives}`,
  receiptHandle: `r-${receives}`,
  body,
  attributes: { ApproximateReceiveCount: String(receives), SentTimestamp: '0', SenderId: 'test', ApproximateFirstReceiveTimestamp: '0' },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:local:000000000000:notifications-delivery',
  awsRegion: 'local',
});

const useLocalQueue = () =>
  registerDeliveryQueueAdapter({
    kind: 'in-process',
    create: () => ({ enqueue: (batches) => localDeliveryQueue().enqueue(batches), enqueueJobs: (jobs) => localDeliveryQueue().enqueueJobs(jobs) }),
  });

describe('a fired notification template that fails mid-send', () => {
  let orgId: string;
  let adminId: string;
  let annId: string;
  let templateId: string;
  let triggerId: string;
  const scheduler = process.env.SCHEDULER;

  beforeAll(async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@fired-retry.test`;
    adminId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Fired Retry Inn', timeZone: 'Europe/Berlin', owner: ownerOf(adminId, ['admin'], email) });
    const token = await signIn(email, PASSWORD);
    annId = `ann-${randomUUID().slice(0, 8)}`;
    await insertUser({ orgId, userId: annId, email: `${annId}@fired-retry.test`, firstname: 'Ann', lastname: 'Tester', type: 'normal', accessLevel: 'employee' });
    const template = await callApi('notifications', 'POST', `/api/organizations/${orgId}/notification-templates`, {
      token,
      body: { title: 'Spill', notification: { content: { title: { text: 'Spill in aisle 4' }, body: { text: '' } }, recipient_groups: [{ group_number: 0, recipients: [{ id: annId, type: 'user' }] }] } },
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    templateId = template.body.id;
    const trigger = await callApi('automation', 'POST', `/api/organizations/${orgId}/triggers`, {
      token,
      body: { name: 'Spill button', type: 'flic-button', workflows: [{ id: templateId, type: 'notification-template' }], metadata: { is_external: false }, is_throttling_enabled: false, throttle_duration_in_seconds: 0 },
    });
    expect(trigger.status, JSON.stringify(trigger.body)).toBe(201);
    triggerId = trigger.body.id;
  });

  afterAll(async () => {
    if (scheduler === undefined) delete process.env.SCHEDULER;
    else process.env.SCHEDULER = scheduler;
    useLocalQueue();
    await closeDelivery();
  });

  it('removes the row of the failed send without a scheduler, fails the job, and the retry sends it', async () => {
    const handler = await loadDeliveryHandler('notifications');
    const itemId = `01FIRED${randomUUID().replace(/-/g, '').slice(0, 19).toUpperCase()}`;
    const body = encodeJob({ orgId, module: 'notifications', kind: FROM_TEMPLATE_JOB, payload: { templateId, itemId, triggerId, senderId: adminId } });
    // The notifications delivery function's environment on AWS: no SCHEDULER.
    delete process.env.SCHEDULER;

    // SQS refuses the batches once.
    const offered: DeliveryBatch[] = [];
    registerDeliveryQueueAdapter({
      kind: 'in-process',
      create: () => ({
        enqueue: async (batches) => {
          offered.push(...batches);
          throw new Error('queue unavailable');
        },
      }),
    });
    expect(await handler({ Records: [recordOf(body, 1)] })).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-1' }] });
    expect(offered.map((batch) => batch.message.id)).toEqual([itemId]);
    expect(await getNotification(orgId, itemId, { consistent: true })).toBeNull();

    // The job comes back: the queue takes batches again, and it is sent.
    useLocalQueue();
    expect(await handler({ Records: [recordOf(body, 2)] })).toEqual({ batchItemFailures: [] });
    await localDeliveryQueue().idle();
    const sent = await getNotification(orgId, itemId, { consistent: true });
    expect(sent).toMatchObject({ listState: 'SENT', recipientCount: 1, deliveredAt: expect.any(String), meta: { template_id: templateId, trigger_id: triggerId } });
    expect((await readRows(orgId, itemId, sent!.recipientShards!)).filter((row) => row.row === 'USER').map((row) => [row.userId, row.state])).toEqual([[annId, 'Sent']]);
  });
});
