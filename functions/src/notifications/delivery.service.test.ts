import { IoTDataPlaneClient, PublishCommand } from '@aws-sdk/client-iot-data-plane';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDelivery, registerDeliveryAdapter } from '../platform/delivery/delivery.ts';
import { iotDataDelivery } from '../platform/delivery/iot-data.adapter.ts';
import { messageIdFor } from '../platform/delivery/fan-out.ts';
import { deliver } from './delivery.service.ts';
import type { NotificationItem } from './notification.entity.ts';

const iot = mockClient(IoTDataPlaneClient);
const dynamo = mockClient(DynamoDBDocumentClient);
const saved = { mqtt: process.env.MQTT_URL, iot: process.env.IOT_DATA_ENDPOINT };

beforeAll(() => {
  // The AWS adapter of the delivery port: IoT Core's data plane, registered as the Lambda entries do.
  registerDeliveryAdapter(iotDataDelivery);
  delete process.env.MQTT_URL;
  process.env.IOT_DATA_ENDPOINT = 'abc-ats.iot.eu-central-1.amazonaws.com';
});
afterAll(async () => {
  await closeDelivery();
  Object.assign(process.env, { MQTT_URL: saved.mqtt ?? '', IOT_DATA_ENDPOINT: saved.iot ?? '' });
  iot.restore();
  dynamo.restore();
});

describe('notification delivery on IoT Core', () => {
  it('publishes one QoS 1 inbox message per recipient, then writes their status rows', async () => {
    iot.on(PublishCommand).callsFake(async (input: { topic: string }) => {
      if (input.topic.includes('/u3/')) throw new Error('ThrottlingException');
      return {};
    });
    dynamo.onAnyCommand().resolves({});
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
      sentAt,
      recipientShards: 1,
    };
    const result = await deliver({ item, recipients: ['u1', 'u2', 'u3'].map((userId) => ({ userId, groupNumber: 0 })) });
    expect(result).toEqual({ delivered: 2, failed: 1 });

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

    const rows = dynamo.commandCalls(BatchWriteCommand).flatMap((call) => Object.values(call.args[0].input.RequestItems!).flat());
    expect(rows.map((r) => [r.PutRequest?.Item?.sk, r.PutRequest?.Item?.state])).toEqual([
      ['USER#u1', 'Sent'],
      ['USER#u2', 'Sent'],
      ['USER#u3', 'NotSent'],
    ]);
  });
});
