import { IoTDataPlaneClient, PublishCommand } from '@aws-sdk/client-iot-data-plane';
import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDeliveryHandler, registerDeliveryKind } from '../platform/delivery/delivery-consumer.ts';
import { closeDelivery, registerDeliveryAdapter } from '../platform/delivery/delivery.ts';
import { messageIdFor } from '../platform/delivery/fan-out.ts';
import { iotDataDelivery } from '../platform/delivery/iot-data.adapter.ts';
import { noteDeliveries, noteRef } from './notes.service.ts';

const iot = mockClient(IoTDataPlaneClient);
const dynamo = mockClient(DynamoDBDocumentClient);
const saved = { ...process.env };

beforeAll(() => {
  registerDeliveryAdapter(iotDataDelivery);
  registerDeliveryKind('task_closed', noteDeliveries.task_closed);
  delete process.env.MQTT_URL;
  process.env.IOT_DATA_ENDPOINT = 'abc-ats.iot.eu-central-1.amazonaws.com';
});
beforeEach(() => {
  iot.reset();
  dynamo.reset();
});
afterAll(async () => {
  await closeDelivery();
  process.env = saved;
  iot.restore();
  dynamo.restore();
});

const batch = (id: string, receiveCount: number): SQSEvent => ({
  Records: [
    {
      messageId: 'msg-1',
      receiptHandle: 'r',
      body: JSON.stringify({ v: 1, orgId: 'o1', message: { module: 'tasks', kind: 'task_closed', id }, recipients: [['u1', 0], ['u2', 0]] }),
      attributes: { ApproximateReceiveCount: String(receiveCount), SentTimestamp: '0', SenderId: 's', ApproximateFirstReceiveTimestamp: '0' },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:eu-central-1:123456789012:tasks-delivery',
      awsRegion: 'eu-central-1',
    },
  ],
});

describe("a task's notes through the delivery function", () => {
  const handler = createDeliveryHandler();

  it('publishes a withdrawal to each user with an id fixed per closing and user, and writes no rows, also on a retry', async () => {
    iot.on(PublishCommand).resolves({});
    const ref = noteRef('T1', 'deleted', '2026-03-27T08:00:00.000Z');
    expect(await handler(batch(ref, 1))).toEqual({ batchItemFailures: [] });
    expect(await handler(batch(ref, 2))).toEqual({ batchItemFailures: [] });
    const envelopes = iot.commandCalls(PublishCommand).map((call) => [call.args[0].input.topic, JSON.parse(Buffer.from(call.args[0].input.payload as Uint8Array).toString('utf8'))]);
    expect(envelopes.map(([topic, e]) => [topic, e.type, e.id, e.data])).toEqual(
      [1, 2].flatMap(() =>
        ['u1', 'u2'].map((u) => [
          `portal/v1/o1/users/${u}/inbox`,
          'task_closed',
          messageIdFor('task_closed', 'T1', 'deleted', '2026-03-27T08:00:00.000Z', u),
          { kind: 'task', task_id: 'T1', reason: 'deleted' },
        ]),
      ),
    );
    expect(dynamo.commandCalls(BatchWriteCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(0);
  });

  it('drops a note whose reference it cannot read', async () => {
    expect(await handler(batch(noteRef('T1', 'forgotten'), 1))).toEqual({ batchItemFailures: [] });
    expect(await handler(batch('not json', 1))).toEqual({ batchItemFailures: [] });
    expect(iot.commandCalls(PublishCommand)).toHaveLength(0);
  });
});
