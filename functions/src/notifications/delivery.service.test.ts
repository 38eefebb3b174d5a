import { IoTDataPlaneClient, PublishCommand } from '@aws-sdk/client-iot-data-plane';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEnvelope } from '@portal/shared/devices/topics';
import { env } from '../platform/config.ts';
import { createDeliveryHandler, registerDeliveryKind } from '../platform/delivery/delivery-consumer.ts';
import { DELIVERY_QUEUE_ENV, registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { closeDelivery, registerDeliveryAdapter } from '../platform/delivery/delivery.ts';
import { iotDataDelivery } from '../platform/delivery/iot-data.adapter.ts';
import { messageIdFor } from '../platform/delivery/fan-out.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { NOTIFICATION_KIND, deliver, envelopeWriter, notificationDelivery } from './delivery.service.ts';
import { NotificationEntity, type NotificationItem } from './notification.entity.ts';
import { deliveryRow } from './recipients.repository.ts';

// The report fact's refreshes (decision 0087) have their own tests (report-refresh, integration):
// here only when the delivery asks for them.
const report = vi.hoisted(() => ({ afterSend: vi.fn(async () => undefined), batchesRecorded: vi.fn() }));
vi.mock('./report-refresh.ts', () => ({
  afterSend: report.afterSend,
  refreshAfterBatches: (orgId: string, id: string) => async () => void report.batchesRecorded(orgId, id),
}));

const iot = mockClient(IoTDataPlaneClient);
const sqs = mockClient(SQSClient);
const dynamo = mockClient(DynamoDBDocumentClient);
const QUEUE_URL = 'https://sqs.eu-central-1.amazonaws.com/123456789012/notifications-delivery';
const saved = { ...process.env };

const sentAt = '2025-03-03T08:00:00.000Z';
const item: NotificationItem = {
  orgId: 'o1',
  notificationId: 'n1',
  content: { title: { text: 'Fire drill' }, body: { text: 'At 10, meet outside' } },
  recipientGroups: [],
  config: { send: null, recurring: null },
  meta: {},
  createdBy: 'admin',
  createdAt: sentAt,
  listState: 'SENT',
  listAt: sentAt,
  sentAt,
  recipientCount: 3,
  recipientShards: 1,
};
const recipients = ['u1', 'u2', 'u3'].map((userId) => ({ userId, groupNumber: 0 }));

beforeAll(() => {
  // The AWS adapters, registered as the Lambda entries do (handler.ts, delivery.handler.ts).
  registerDeliveryAdapter(iotDataDelivery);
  registerDeliveryQueueAdapter(sqsDeliveryQueue);
  registerDeliveryKind(NOTIFICATION_KIND, notificationDelivery);
  delete process.env.MQTT_URL;
  Object.assign(process.env, { IOT_DATA_ENDPOINT: 'abc-ats.iot.eu-central-1.amazonaws.com', [DELIVERY_QUEUE_ENV]: 'sqs', DELIVERY_QUEUE_URL_NOTIFICATIONS: QUEUE_URL });
});
beforeEach(() => {
  iot.reset();
  sqs.reset();
  dynamo.reset();
  report.afterSend.mockClear();
  report.batchesRecorded.mockClear();
});
afterAll(async () => {
  await closeDelivery();
  process.env = saved;
  iot.restore();
  sqs.restore();
  dynamo.restore();
});

describe('a notification sent on AWS', () => {
  it('is queued as one batch on the notifications delivery queue, then marked handed over', async () => {
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
    dynamo.on(UpdateCommand).resolves({});
    expect(await deliver({ item, recipients })).toEqual({ batches: 1 });
    const [call] = sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input);
    expect(call).toEqual({
      QueueUrl: QUEUE_URL,
      Entries: [
        {
          Id: '0',
          MessageBody: JSON.stringify({ v: 1, orgId: 'o1', message: { module: 'notifications', kind: 'notification', id: 'n1' }, recipients: [['u1', 0], ['u2', 0], ['u3', 0]] }),
        },
      ],
    });
    const update = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update).toMatchObject({ Key: { pk: 'ORG#o1', sk: 'NOTIF#n1' }, ExpressionAttributeNames: { '#deliveredAt': 'delivered_at' } });
    expect(iot.commandCalls(PublishCommand)).toHaveLength(0);
    // Then the report fact: n 1, and the last fold scheduled.
    expect(report.afterSend.mock.calls).toEqual([[item]]);
  });

  it('writes each envelope as JSON.stringify would, with its own id', () => {
    const data = { kind: 'notification' as const, notification_id: 'n1', title: 'Tür "A"', body: '\u0000', sent_at: sentAt };
    expect(envelopeWriter(data, new Date(sentAt))('abc')).toBe(JSON.stringify(createEnvelope('notification', data, 'abc', new Date(sentAt))));
  });
});

describe('the delivery function on AWS', () => {
  const handler = createDeliveryHandler();
  const record = (receiveCount: number): SQSEvent => ({
    Records: [
      {
        messageId: 'msg-1',
        receiptHandle: 'r',
        body: JSON.stringify({ v: 1, orgId: 'o1', message: { module: 'notifications', kind: 'notification', id: 'n1' }, recipients: recipients.map((r) => [r.userId, 0]) }),
        attributes: { ApproximateReceiveCount: String(receiveCount), SentTimestamp: '0', SenderId: 's', ApproximateFirstReceiveTimestamp: '0' },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:eu-central-1:123456789012:notifications-delivery',
        awsRegion: 'eu-central-1',
      },
    ],
  });
  const stored = NotificationEntity.put(item).params<{ Item: Record<string, unknown> }>().Item;
  const rowsWritten = () =>
    dynamo.commandCalls(BatchWriteCommand).flatMap((call) => Object.values(call.args[0].input.RequestItems!).flat().map((r) => [r.PutRequest?.Item?.sk, r.PutRequest?.Item?.state]));
  const published = () => iot.commandCalls(PublishCommand).map((call) => call.args[0].input.topic);

  it('publishes to each recipient, records the outcome, and reports the batch failed when a publish failed', async () => {
    dynamo.on(GetCommand).resolves({ Item: stored });
    dynamo.on(BatchWriteCommand).resolves({});
    iot.on(PublishCommand).callsFake(async (input: { topic: string }) => {
      if (input.topic.includes('/u3/')) throw new Error('ThrottlingException');
      return {};
    });

    expect(await handler(record(1))).toEqual({ batchItemFailures: [{ itemIdentifier: 'msg-1' }] });

    const inputs = iot.commandCalls(PublishCommand).map((call) => call.args[0].input);
    expect(inputs.map((i) => [i.topic, i.qos, i.retain])).toEqual([
      ['portal/v1/o1/users/u1/inbox', 1, false],
      ['portal/v1/o1/users/u2/inbox', 1, false],
      ['portal/v1/o1/users/u3/inbox', 1, false],
    ]);
    expect(JSON.parse(Buffer.from(inputs[0]!.payload as Uint8Array).toString('utf8'))).toEqual({
      v: 1,
      id: messageIdFor('notification', 'n1', 'u1'),
      type: 'notification',
      sent_at: sentAt,
      data: { kind: 'notification', notification_id: 'n1', title: 'Fire drill', body: 'At 10, meet outside', sent_at: sentAt },
    });
    expect(rowsWritten()).toEqual([
      ['USER#u1', 'Sent'],
      ['USER#u2', 'Sent'],
      ['USER#u3', 'NotSent'],
    ]);
    // The first receive reads no rows: nothing can be delivered yet.
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(0);
    // The row was written just before the batch was queued: read consistently, or it may look gone.
    expect(dynamo.commandCalls(GetCommand).map((call) => call.args[0].input)).toEqual([
      { TableName: env.tableName, Key: { pk: 'ORG#o1', sk: 'NOTIF#n1' }, ConsistentRead: true },
    ]);
  });

  it('reads the notification once for the batches of one send that come in one event', async () => {
    dynamo.on(GetCommand).resolves({ Item: stored });
    dynamo.on(BatchWriteCommand).resolves({});
    iot.on(PublishCommand).resolves({});
    const [first] = record(1).Records;
    const second = { ...first!, messageId: 'msg-2', body: JSON.stringify({ v: 1, orgId: 'o1', message: { module: 'notifications', kind: 'notification', id: 'n1' }, recipients: [['u4', 1]] }) };

    expect(await handler({ Records: [first!, second] })).toEqual({ batchItemFailures: [] });

    expect(dynamo.commandCalls(GetCommand)).toHaveLength(1);
    expect(published()).toEqual(['u1', 'u2', 'u3', 'u4'].map((u) => `portal/v1/o1/users/${u}/inbox`));
    expect(rowsWritten()).toEqual(['u1', 'u2', 'u3', 'u4'].map((u) => [`USER#${u}`, 'Sent']));
    // Each batch's rows written, the report fact is refreshed (the refresher runs them one at a time).
    expect(report.batchesRecorded.mock.calls).toEqual([
      ['o1', 'n1'],
      ['o1', 'n1'],
    ]);
  });

  it('sends a re-delivered batch only to those whose row does not say Sent', async () => {
    const table = env.tableName;
    dynamo.on(GetCommand).resolves({ Item: stored });
    dynamo.on(BatchWriteCommand).resolves({});
    dynamo.on(BatchGetCommand).callsFake(async (input: { RequestItems: Record<string, { Keys: Array<{ sk: string }> }> }) => ({
      Responses: {
        [table]: input.RequestItems[table]!.Keys.filter((key) => key.sk !== 'USER#u3').map((key) =>
          deliveryRow('o1', 'n1', 1, { userId: key.sk.slice('USER#'.length), groupNumber: 0 }, { delivered: true, at: new Date(sentAt) }),
        ),
      },
      UnprocessedKeys: {},
    }));
    iot.on(PublishCommand).resolves({});

    expect(await handler(record(2))).toEqual({ batchItemFailures: [] });

    const keys = dynamo.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems![table]!.Keys;
    expect(keys).toEqual(['u1', 'u2', 'u3'].map((u) => ({ pk: 'ORG#o1#NOTIF#n1#S#0', sk: `USER#${u}` })));
    expect(published()).toEqual(['portal/v1/o1/users/u3/inbox']);
    expect(rowsWritten()).toEqual([['USER#u3', 'Sent']]);
  });

  it('drops the batch of a notification deleted meanwhile, publishing nothing', async () => {
    dynamo.on(GetCommand).resolves({});
    expect(await handler(record(1))).toEqual({ batchItemFailures: [] });
    expect(published()).toEqual([]);
    expect(dynamo.commandCalls(BatchWriteCommand)).toHaveLength(0);
    expect(report.batchesRecorded).not.toHaveBeenCalled();
  });

  it('drops the batch of a notification put back unsent (an edit whose queueing failed), publishing nothing', async () => {
    const { sentAt: _, recipientCount: __, recipientShards: ___, ...unsent } = item;
    const scheduled = NotificationEntity.put({ ...unsent, listState: 'SCHEDULED', scheduleName: 'notif-n1' }).params<{ Item: Record<string, unknown> }>().Item;
    dynamo.on(GetCommand).resolves({ Item: scheduled });
    expect(await handler(record(1))).toEqual({ batchItemFailures: [] });
    expect(published()).toEqual([]);
    expect(dynamo.commandCalls(BatchWriteCommand)).toHaveLength(0);
  });

  it('reports a batch it cannot read as failed (it ends in the dead-letter queue)', async () => {
    const event = record(1);
    event.Records[0]!.body = '{"v":2}';
    expect(await handler(event)).toEqual({ batchItemFailures: [{ itemIdentifier: 'msg-1' }] });
    expect(published()).toEqual([]);
  });
});
