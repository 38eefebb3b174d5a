import { describe, expect, it } from 'vitest';
import { TaskRecipientEntity, type TaskRecipientItem } from './task-recipient.entity.ts';
import { deliveryRow, recipientRow } from './recipients.repository.ts';

const written = (item: TaskRecipientItem) => TaskRecipientEntity.put(item).params<{ Item: Record<string, unknown> }>().Item;

describe('task recipient rows', () => {
  const at = new Date('2025-03-03T08:00:00.000Z');

  it("USER# rows are exactly what the entity would write, in the user's shard, listed for the employee's own view", () => {
    const row = recipientRow('o1', 't1', 20, { userId: 'u-42', groupNumber: 1 }, at.toISOString());
    expect(row).toEqual(written({ orgId: 'o1', taskId: 't1', shard: row.shard as number, row: 'USER', userId: 'u-42', groupNumber: 1, sentAt: at.toISOString() }));
    expect(row).toMatchObject({ pk: expect.stringMatching(/^ORG#o1#TASK#t1#S#\d+$/), sk: 'USER#u-42', gsi1pk: 'ORG#o1#USER#u-42#TASKS', gsi1sk: `${at.toISOString()}#t1` });
  });

  it('DELIVERY# rows say Sent with the time, or NotSent, beside the USER# row and without index keys', () => {
    const row = deliveryRow('o1', 't1', 20, { userId: 'u-42', groupNumber: 1 }, { delivered: true, at });
    expect(row).toEqual(written({ orgId: 'o1', taskId: 't1', shard: row.shard as number, row: 'DELIVERY', userId: 'u-42', groupNumber: 1, state: 'Sent', sentAt: at.toISOString() }));
    expect(row.pk).toBe(recipientRow('o1', 't1', 20, { userId: 'u-42', groupNumber: 1 }, at.toISOString()).pk);
    expect(row).not.toHaveProperty('gsi1pk');
    const failed = deliveryRow('o1', 't1', 20, { userId: 'u-42', groupNumber: 1 }, { delivered: false, at });
    expect(failed).toMatchObject({ sk: 'DELIVERY#u-42', state: 'NotSent' });
    expect(failed).not.toHaveProperty('sent_at');
  });
});
