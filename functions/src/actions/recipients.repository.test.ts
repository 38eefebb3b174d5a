import { describe, expect, it } from 'vitest';
import { ActionRecipientEntity, type ActionRecipientItem } from './action-recipient.entity.ts';
import { askedRow, deliveryRow } from './recipients.repository.ts';

const written = (item: ActionRecipientItem) => ActionRecipientEntity.put(item).params<{ Item: Record<string, unknown> }>().Item;

describe('action recipient rows', () => {
  const at = new Date('2025-03-03T08:00:00.000Z');

  it('asked (USER#) rows are exactly what the entity would write, in the user shard', () => {
    const row = askedRow('o1', 'a1', 20, { userId: 'u-42', groupNumber: 1, response: 'not-available' }, at.toISOString());
    expect(row).toEqual(
      written({ orgId: 'o1', actionId: 'a1', shard: row.shard as number, row: 'USER', userId: 'u-42', groupNumber: 1, response: 'not-available', sentAt: at.toISOString() }),
    );
    expect(row).toMatchObject({ pk: expect.stringMatching(/^ORG#o1#ACTION#a1#S#\d+$/), sk: 'USER#u-42' });
  });

  it('delivery (DELIVERY#) rows say Sent with the time, or NotSent, beside the USER# row', () => {
    const row = deliveryRow('o1', 'a1', 20, { userId: 'u-42', groupNumber: 1 }, { delivered: true, at });
    expect(row).toEqual(written({ orgId: 'o1', actionId: 'a1', shard: row.shard as number, row: 'DELIVERY', userId: 'u-42', groupNumber: 1, state: 'Sent', sentAt: at.toISOString() }));
    expect(row.pk).toBe(askedRow('o1', 'a1', 20, { userId: 'u-42', groupNumber: 1, response: 'no-response' }, at.toISOString()).pk);
    expect(row.sk).toBe('DELIVERY#u-42');

    const failed = deliveryRow('o1', 'a1', 20, { userId: 'u-42', groupNumber: 1 }, { delivered: false, at });
    expect(failed).toMatchObject({ state: 'NotSent' });
    expect(failed).not.toHaveProperty('sent_at');
  });
});
