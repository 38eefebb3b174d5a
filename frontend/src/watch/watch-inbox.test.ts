import { describe, expect, it } from 'vitest';
import { createEnvelope } from '@portal/shared/devices/topics';
import { addMessage, markRead, toWatchMessage } from './watch-inbox.ts';
import { receiptEnvelope } from './watch-events.ts';

const at = new Date('2025-03-03T10:00:00.000Z');
const notification = (envelopeId: string, id = 'n1') =>
  createEnvelope('notification', { kind: 'notification', notification_id: id, title: 'Hi', body: 'There', sent_at: at.toISOString() }, envelopeId, at);

describe('watch inbox', () => {
  it('reads a notification envelope into a card', () => {
    expect(toWatchMessage(notification('e1'))).toMatchObject({ envelopeId: 'e1', kind: 'notification', messageId: 'n1', title: 'Hi', body: 'There', read: false });
    expect(toWatchMessage(createEnvelope('notification', { title: 'no id' }, 'e2', at))).toBeUndefined();
  });

  it('shows the newest first and replaces a redelivered message, keeping its read state', () => {
    const first = toWatchMessage(notification('e1'))!;
    const second = toWatchMessage(notification('e2', 'n2'))!;
    let list = addMessage(addMessage([], first), second);
    expect(list.map((m) => m.messageId)).toEqual(['n2', 'n1']);
    list = markRead(list, list[1]!);
    list = addMessage(list, toWatchMessage(notification('e3'))!);
    expect(list.map((m) => [m.messageId, m.read])).toEqual([['n1', true], ['n2', false]]);
  });

  it('builds receipts as envelopes of type event', () => {
    expect(receiptEnvelope('notification', 'n1', 'read', 'r1', at)).toEqual({
      v: 1,
      id: 'r1',
      type: 'event',
      sent_at: at.toISOString(),
      data: { kind: 'notification', notification_id: 'n1', event: 'read', at: at.toISOString() },
    });
  });
});
