import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { deliveryRow, readRows } from '../../functions/src/notifications/recipients.repository.ts';
import { statusOf } from '../../functions/src/notifications/notification-status.ts';
import { documentClient } from '../../functions/src/platform/db/client.ts';
import { fanOut } from '../../functions/src/platform/delivery/fan-out.ts';
import { shardCount } from '../../functions/src/platform/delivery/shards.ts';

/**
 * The fan-out against DynamoDB Local at repository level: thousands of status rows written in
 * batches, sharded, none lost even when DynamoDB leaves items unprocessed. (The 5,000-watch run
 * with the broker is the benchmark's.)
 */
describe('fan-out status rows', () => {
  it('writes one row per recipient over ceil(n / 250) shards, retrying what DynamoDB leaves unprocessed', async () => {
    const orgId = `fan-${randomUUID()}`;
    const notificationId = randomUUID().replace(/-/g, '');
    const recipients = Array.from({ length: 600 }, (_, i) => ({ userId: `user-${i}-${randomUUID().slice(0, 6)}`, groupNumber: 0 }));
    const shards = shardCount(recipients.length);
    expect(shards).toBe(3);

    // Every fourth call, DynamoDB "throttles" part of the batch: those items come back unprocessed.
    let calls = 0;
    let handedBack = 0;
    const published: string[] = [];
    const result = await fanOut({
      recipients,
      message: (r) => ({ topic: `portal/v1/${orgId}/users/${r.userId}/inbox`, payload: '{}' }),
      statusRow: (r, outcome) => deliveryRow(orgId, notificationId, shards, r, outcome),
      publish: async (topic) => {
        published.push(topic);
      },
      writer: {
        sleep: async () => undefined,
        send: async (input) => {
          const table = Object.keys(input.RequestItems!)[0]!;
          const items = input.RequestItems![table]!;
          const keep = ++calls % 4 === 0 && items.length > 10 ? items.slice(0, 10) : [];
          handedBack += keep.length;
          await documentClient.send(new BatchWriteCommand({ RequestItems: { [table]: items.slice(keep.length) } }));
          return keep.length ? { UnprocessedItems: { [table]: keep } } : {};
        },
      },
    });
    expect(result).toEqual({ delivered: 600, failed: [] });
    expect(published).toHaveLength(600);
    expect(handedBack).toBeGreaterThan(0);

    const rows = await readRows(orgId, notificationId, shards);
    expect(rows).toHaveLength(600);
    expect(new Set(rows.map((r) => r.shard)).size).toBe(shards);
    expect(statusOf(rows).sent_user_ids).toHaveLength(600);
  });
});
