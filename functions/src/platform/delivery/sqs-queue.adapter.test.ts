import { ChangeMessageVisibilityCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { batchesOf, RECIPIENTS_PER_BATCH } from './delivery-queue.ts';
import { decodeBatch, decodeRecord, encodeBatch, type MessageRef } from './delivery-queue.port.ts';
import { createSqsDeliveryQueue, MAX_BYTES_PER_CALL, packEntries, queueUrlOfArn } from './sqs-queue.adapter.ts';

const sqs = mockClient(SQSClient);
afterEach(() => sqs.reset());

const URL = 'https://sqs.eu-central-1.amazonaws.com/123456789012/portal-notifications-delivery';
const ref: MessageRef = { module: 'notifications', kind: 'notification', id: '01JNOTIFICATION0000000000' };
/** Ids as long as a Cognito sub. */
const people = (n: number) => Array.from({ length: n }, (_, i) => ({ userId: `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`, groupNumber: i % 3 }));
const queue = () => createSqsDeliveryQueue({ client: new SQSClient({ region: 'eu-central-1' }), queueUrl: () => URL, sleep: async () => undefined });

describe('SQS delivery queue adapter', () => {
  it('puts 5,001 recipients as 11 messages of at most 500 in two SendMessageBatch calls of at most 10 entries', async () => {
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
    const recipients = people(5_001);
    const batches = batchesOf('o1', ref, recipients);
    expect(batches.map((b) => b.recipients.length)).toEqual([...Array(10).fill(RECIPIENTS_PER_BATCH), 1]);

    await queue().enqueue(batches);

    const inputs = sqs.commandCalls(SendMessageBatchCommand).map((call) => call.args[0].input);
    expect(inputs.map((input) => [input.QueueUrl, input.Entries!.map((e) => e.Id)])).toEqual([
      [URL, ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']],
      [URL, ['0']],
    ]);
    // Each body is the batch, recipients as [userId, groupNumber]; every recipient once, in order.
    const bodies = inputs.flatMap((input) => input.Entries!.map((e) => e.MessageBody!));
    expect(JSON.parse(bodies[10]!)).toEqual({ v: 1, orgId: 'o1', message: ref, recipients: [[recipients[5_000]!.userId, 2]] });
    expect(bodies.flatMap((body) => decodeBatch(body).recipients)).toEqual(recipients);
    for (const input of inputs) {
      const bytes = input.Entries!.reduce((sum, e) => sum + Buffer.byteLength(e.MessageBody!), 0);
      expect(bytes).toBeLessThanOrEqual(MAX_BYTES_PER_CALL);
    }
    // A batch of 500 such recipients is about 27 KB: ten fit one call.
    expect(Buffer.byteLength(bodies[0]!)).toBe(encodeBatch(batches[0]!).length);
    expect(Buffer.byteLength(bodies[0]!)).toBeLessThan(MAX_BYTES_PER_CALL / 9);
  });

  it('starts a new call before the bodies would pass 256 KiB', () => {
    const body = 'x'.repeat(100_000);
    expect(packEntries([body, body, body, body, body]).map((entries) => entries.length)).toEqual([2, 2, 1]);
    expect(() => packEntries(['x'.repeat(MAX_BYTES_PER_CALL + 1)])).toThrow(/exceeds/);
  });

  it('sends again only the entries SQS reports failed, and fails when they keep failing', async () => {
    sqs
      .on(SendMessageBatchCommand)
      .resolvesOnce({ Successful: [{ Id: '0', MessageId: 'm0', MD5OfMessageBody: '' }], Failed: [{ Id: '1', Code: 'InternalError', SenderFault: false }] })
      .resolves({ Successful: [{ Id: '1', MessageId: 'm1', MD5OfMessageBody: '' }], Failed: [] });
    await queue().enqueue(batchesOf('o1', ref, people(1_000)));
    const calls = sqs.commandCalls(SendMessageBatchCommand).map((call) => call.args[0].input.Entries!);
    expect(calls.map((entries) => entries.map((e) => e.Id))).toEqual([['0', '1'], ['1']]);
    expect(calls[1]![0]!.MessageBody).toBe(calls[0]![1]!.MessageBody);

    sqs.reset();
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [{ Id: '0', Code: 'ThrottlingException', SenderFault: false }] });
    await expect(queue().enqueue(batchesOf('o1', ref, people(10)))).rejects.toThrow('1 delivery batches were not queued: 0');
    expect(sqs.commandCalls(SendMessageBatchCommand)).toHaveLength(4);
  });

  it('names the missing queue variable', async () => {
    const adapter = createSqsDeliveryQueue({ client: new SQSClient({ region: 'eu-central-1' }) });
    delete process.env.DELIVERY_QUEUE_URL_NOTIFICATIONS;
    await expect(adapter.enqueue(batchesOf('o1', ref, people(1)))).rejects.toThrow('Missing environment variable DELIVERY_QUEUE_URL_NOTIFICATIONS');
  });

  it("puts jobs on their module's queue, one message each, packed per queue", async () => {
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
    const urls: Record<string, string> = { actions: `${URL}-actions`, tasks: `${URL}-tasks` };
    const adapter = createSqsDeliveryQueue({ client: new SQSClient({ region: 'eu-central-1' }), queueUrl: (module) => urls[module]!, sleep: async () => undefined });
    const first = { templateId: 't1', itemId: 'a1', triggerId: 'tr1', senderId: 'u1' };
    const second = { templateId: 't2', itemId: 'a2', triggerId: 'tr1', senderId: 'u1' };
    const third = { templateId: 't3', itemId: 'k1', triggerId: 'tr1', senderId: 'u1' };
    await adapter.enqueueJobs([
      { orgId: 'o1', module: 'actions', kind: 'from_template', payload: first },
      { orgId: 'o1', module: 'tasks', kind: 'from_template', payload: third },
      { orgId: 'o1', module: 'actions', kind: 'from_template', payload: second },
    ]);
    const inputs = sqs.commandCalls(SendMessageBatchCommand).map((call) => call.args[0].input);
    expect(inputs).toEqual([
      {
        QueueUrl: urls.actions,
        Entries: [
          { Id: '0', MessageBody: JSON.stringify({ v: 1, orgId: 'o1', module: 'actions', job: 'from_template', payload: first }) },
          { Id: '1', MessageBody: JSON.stringify({ v: 1, orgId: 'o1', module: 'actions', job: 'from_template', payload: second }) },
        ],
      },
      { QueueUrl: urls.tasks, Entries: [{ Id: '0', MessageBody: JSON.stringify({ v: 1, orgId: 'o1', module: 'tasks', job: 'from_template', payload: third }) }] },
    ]);
    // The consumer tells a job from a batch by its body.
    expect(decodeRecord(inputs[1]!.Entries![0]!.MessageBody!)).toEqual({ job: { orgId: 'o1', module: 'tasks', kind: 'from_template', payload: third } });
    expect(decodeRecord(encodeBatch(batchesOf('o1', ref, people(1))[0]!))).toEqual({ batch: batchesOf('o1', ref, people(1))[0] });
    expect(() => decodeRecord(JSON.stringify({ v: 1, orgId: 'o1', module: 'tasks', job: '' }))).toThrow('Not a queue job');
  });

  it('fails a job enqueue that SQS keeps refusing, naming the jobs', async () => {
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [{ Id: '0', Code: 'ThrottlingException', SenderFault: false }] });
    await expect(queue().enqueueJobs([{ orgId: 'o1', module: 'notifications', kind: 'from_template', payload: {} }])).rejects.toThrow('1 queue jobs were not queued: 0');
    expect(sqs.commandCalls(SendMessageBatchCommand)).toHaveLength(4);
  });

  it('delays a job by its own DelaySeconds (a short action step, decision 0054); others go at once', async () => {
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
    const forward = { actionId: 'a1', step: 0 };
    await queue().enqueueJobs([
      { orgId: 'o1', module: 'actions', kind: 'action.forward', payload: forward, delaySeconds: 10 },
      { orgId: 'o1', module: 'actions', kind: 'action.closing', payload: { actionId: 'a2' } },
      { orgId: 'o1', module: 'actions', kind: 'action.forward', payload: forward, delaySeconds: 0 },
    ]);
    const [input] = sqs.commandCalls(SendMessageBatchCommand).map((call) => call.args[0].input);
    expect(input!.Entries!.map((entry) => [entry.Id, entry.DelaySeconds])).toEqual([
      ['0', 10],
      ['1', undefined],
      ['2', 0],
    ]);
    // The delay is SQS's, not the body's: the consumer reads the same job.
    expect(decodeRecord(input!.Entries![0]!.MessageBody!)).toEqual({ job: { orgId: 'o1', module: 'actions', kind: 'action.forward', payload: forward } });
    await expect(queue().enqueueJobs([{ orgId: 'o1', module: 'actions', kind: 'action.forward', payload: forward, delaySeconds: 901 }])).rejects.toThrow(/0 to 900/);
  });

  it("finds the queue of a record's event source among the DELIVERY_QUEUE_URL_<MODULE> variables", () => {
    const env = { DELIVERY_QUEUE_URL_ACTIONS: 'https://sqs.eu-central-1.amazonaws.com/123456789012/Portal-ActionsDeliveryQueue-AbC', DELIVERY_QUEUE_URL_TASKS: 'https://sqs.eu-central-1.amazonaws.com/123456789012/Portal-TasksDeliveryQueue-XyZ', OTHER: 'x' };
    expect(queueUrlOfArn('arn:aws:sqs:eu-central-1:123456789012:Portal-ActionsDeliveryQueue-AbC', env)).toBe(env.DELIVERY_QUEUE_URL_ACTIONS);
    expect(queueUrlOfArn('arn:aws:sqs:eu-central-1:123456789012:Portal-Other', env)).toBeUndefined();
    expect(queueUrlOfArn('arn:aws:sqs:eu-central-1:999999999999:Portal-ActionsDeliveryQueue-AbC', env)).toBeUndefined();
    expect(queueUrlOfArn('not an arn', env)).toBeUndefined();
  });

  it('brings a failed record back after the given seconds with ChangeMessageVisibility on its own queue', async () => {
    sqs.on(ChangeMessageVisibilityCommand).resolves({});
    const actionsUrl = 'https://sqs.eu-central-1.amazonaws.com/123456789012/Portal-ActionsDeliveryQueue-AbC';
    process.env.DELIVERY_QUEUE_URL_ACTIONS = actionsUrl;
    try {
      await queue().retryAfter({ eventSourceARN: 'arn:aws:sqs:eu-central-1:123456789012:Portal-ActionsDeliveryQueue-AbC', receiptHandle: 'rh-1' }, 4);
    } finally {
      delete process.env.DELIVERY_QUEUE_URL_ACTIONS;
    }
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand).map((call) => call.args[0].input)).toEqual([{ QueueUrl: actionsUrl, ReceiptHandle: 'rh-1', VisibilityTimeout: 4 }]);
    await expect(queue().retryAfter({ eventSourceARN: 'arn:aws:sqs:eu-central-1:123456789012:Portal-ActionsDeliveryQueue-AbC', receiptHandle: 'rh-1' }, 4)).rejects.toThrow(
      /No DELIVERY_QUEUE_URL_<MODULE> names the queue/,
    );
  });
});
