import { ChangeMessageVisibilityCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { createDeliveryHandler, registerDeliveryKind, registerQueueJob, retryDelaySeconds } from './delivery-consumer.ts';
import { registerDeliveryQueueAdapter } from './delivery-queue.ts';
import { sqsDeliveryQueue } from './sqs-queue.adapter.ts';
import { encodeBatch, encodeJob, type QueueJob } from './delivery-queue.port.ts';

const record = (messageId: string, body: string, receives = 1): SQSRecord => ({
  messageId,
  receiptHandle: messageId,
  body,
  attributes: { ApproximateReceiveCount: String(receives), SentTimestamp: '0', SenderId: 'test', ApproximateFirstReceiveTimestamp: '0' },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:eu-central-1:123456789012:tasks-delivery',
  awsRegion: 'eu-central-1',
});
const event = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const job = (kind: string, payload: unknown, module: QueueJob['module'] = 'tasks'): string => encodeJob({ orgId: 'o1', module, kind, payload });

describe('the delivery consumer runs queue jobs beside batches (decision 0039)', () => {
  it("runs each job with its module's registered code and reports only the failed ones", async () => {
    const ran: Array<[string, unknown]> = [];
    registerQueueJob('tasks', 'test_job', async (orgId, payload) => {
      ran.push([orgId, payload]);
      if ((payload as { fail?: boolean }).fail) throw new Error('template gone');
    });
    // The same kind in another module is another job: the local runtime loads every module's entry into one process.
    registerQueueJob('actions', 'test_job', async () => {
      throw new Error('the actions job ran for a tasks record');
    });
    const response = await createDeliveryHandler()(event(record('m1', job('test_job', { n: 1 })), record('m2', job('test_job', { fail: true })), record('m3', job('test_job', { n: 3 }))));
    expect(ran).toEqual([
      ['o1', { n: 1 }],
      ['o1', { fail: true }],
      ['o1', { n: 3 }],
    ]);
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
  });

  it('reports a job no one registered, and a body it cannot read, as failed (they go to the dead-letter queue)', async () => {
    const response = await createDeliveryHandler()(event(record('m1', job('unknown_job', {})), record('m2', '{"v":1,"job":""}')));
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }] });
  });

  it('still delivers the batches of the same event', async () => {
    const loaded: string[] = [];
    registerDeliveryKind('test_kind', {
      load: async (_orgId, id) => {
        loaded.push(id);
        // Gone meanwhile: the batch is dropped, not failed.
        return null;
      },
    });
    registerQueueJob('tasks', 'ok_job', async () => undefined);
    const batch = encodeBatch({ orgId: 'o1', message: { module: 'tasks', kind: 'test_kind', id: 'k1' }, recipients: [{ userId: 'u1', groupNumber: 0 }] });
    const response = await createDeliveryHandler()(event(record('m1', batch), record('m2', job('ok_job', null))));
    expect(loaded).toEqual(['k1']);
    expect(response).toEqual({ batchItemFailures: [] });
  });
});

describe('a failed record comes back within seconds, not after the visibility timeout (issue 27)', () => {
  it('backs off by the receive count: 2, 4, 8, 16 s, at most 60', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelaySeconds)).toEqual([2, 4, 8, 16, 32, 60, 60]);
    expect(retryDelaySeconds(Number.NaN)).toBe(2);
  });

  it("shortens a failed record's visibility on its own queue with ChangeMessageVisibility, and only a failed one's", async () => {
    const sqs = mockClient(SQSClient);
    sqs.on(ChangeMessageVisibilityCommand).resolves({});
    const url = 'https://sqs.eu-central-1.amazonaws.com/123456789012/tasks-delivery';
    Object.assign(process.env, { DELIVERY_QUEUE: 'sqs', DELIVERY_QUEUE_URL_TASKS: url });
    registerDeliveryQueueAdapter(sqsDeliveryQueue);
    registerQueueJob('tasks', 'flaky_job', async (_orgId, payload) => {
      if ((payload as { fail?: boolean }).fail) throw new Error('DynamoDB unavailable');
    });
    try {
      const response = await createDeliveryHandler()(event(record('m1', job('flaky_job', {})), record('m2', job('flaky_job', { fail: true }), 3)));
      expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
      expect(sqs.commandCalls(ChangeMessageVisibilityCommand).map((call) => call.args[0].input)).toEqual([{ QueueUrl: url, ReceiptHandle: 'm2', VisibilityTimeout: 8 }]);

      // SQS refusing the change: the record is still reported, and comes back after the timeout.
      sqs.reset();
      sqs.on(ChangeMessageVisibilityCommand).rejects(new Error('AccessDenied'));
      expect(await createDeliveryHandler()(event(record('m3', job('flaky_job', { fail: true }))))).toEqual({ batchItemFailures: [{ itemIdentifier: 'm3' }] });
      expect(sqs.commandCalls(ChangeMessageVisibilityCommand)).toHaveLength(1);
    } finally {
      for (const name of ['DELIVERY_QUEUE', 'DELIVERY_QUEUE_URL_TASKS']) delete process.env[name];
      sqs.restore();
    }
  });
});
