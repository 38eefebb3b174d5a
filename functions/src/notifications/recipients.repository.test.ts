import { describe, expect, it } from 'vitest';
import { NotificationRecipientEntity } from './notification-recipient.entity.ts';
import { deliveryRow } from './recipients.repository.ts';

describe('delivery rows', () => {
  it('are exactly what the entity would write, in the user shard', () => {
    const at = new Date('2025-03-03T08:00:00.000Z');
    const row = deliveryRow('o1', 'n1', 20, { userId: 'u-42', groupNumber: 1 }, { delivered: true, at });
    const { Item } = NotificationRecipientEntity.put({
      orgId: 'o1',
      notificationId: 'n1',
      shard: row.shard as number,
      row: 'USER',
      userId: 'u-42',
      groupNumber: 1,
      state: 'Sent',
      sentAt: at.toISOString(),
    }).params<{ Item: Record<string, unknown> }>();
    expect(row).toEqual(Item);
    expect(row.pk).toMatch(/^ORG#o1#NOTIF#n1#S#\d+$/);

    const failed = deliveryRow('o1', 'n1', 20, { userId: 'u-42', groupNumber: 1 }, { delivered: false, at });
    expect(failed).toMatchObject({ state: 'NotSent' });
    expect(failed).not.toHaveProperty('sent_at');
  });
});
