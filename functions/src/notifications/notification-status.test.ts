import { describe, expect, it } from 'vitest';
import { perUserState } from '@portal/shared/notifications/notification-status';
import type { NotificationRecipientItem } from './notification-recipient.entity.ts';
import { statusOf } from './notification-status.ts';

const base = { orgId: 'o', notificationId: 'n', shard: 0 };
const delivery = (userId: string, state: 'Sent' | 'NotSent', groupNumber = 0): NotificationRecipientItem => ({ ...base, row: 'USER', userId, state, groupNumber });
const receipt = (userId: string, receivedAt?: string, readAt?: string): NotificationRecipientItem => ({ ...base, row: 'RECEIPT', userId, receivedAt, readAt });

describe('notification status', () => {
  it('counts delivery rows as recipients and their receipts as received and read', () => {
    const status = statusOf([
      delivery('ann', 'Sent'),
      delivery('bob', 'Sent', 1),
      delivery('cem', 'NotSent'),
      receipt('ann', 't1', 't2'),
      receipt('bob', 't1'),
      receipt('stranger', 't1', 't2'),
    ]);
    expect(status).toEqual({
      user_ids: ['ann', 'bob', 'cem'],
      sent_user_ids: ['ann', 'bob'],
      received_user_ids: ['ann', 'bob'],
      read_user_ids: ['ann'],
      resolved_recipient_groups: [
        { group_number: 0, recipients: [{ id: 'ann', type: 'user' }, { id: 'cem', type: 'user' }] },
        { group_number: 1, recipients: [{ id: 'bob', type: 'user' }] },
      ],
    });
    expect(['ann', 'bob', 'cem'].map((u) => perUserState(status, u))).toEqual(['Read', 'Sent', 'NotSent']);
  });

  it('works for receipts that arrive before the delivery row', () => {
    expect(statusOf([receipt('ann', 't1')]).received_user_ids).toEqual([]);
    expect(statusOf([receipt('ann', 't1'), delivery('ann', 'Sent')]).received_user_ids).toEqual(['ann']);
  });
});
