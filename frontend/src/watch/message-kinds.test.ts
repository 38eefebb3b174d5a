import { describe, expect, it } from 'vitest';
import { createEnvelope } from '@portal/shared/devices/topics';
import { MESSAGE_KINDS, messageKind } from './message-kinds.tsx';
import { applyEnvelope } from './watch-inbox.ts';
import type { WatchMessage } from './watch-message.ts';

const at = new Date('2025-03-03T10:00:00.000Z');
const message = (kind: string, extra: Partial<WatchMessage> = {}): WatchMessage => ({
  envelopeId: 'e1',
  kind,
  messageId: 'm1',
  title: '',
  body: '',
  sentAt: at.toISOString(),
  data: {},
  read: false,
  ...extra,
});

describe('the table of watch message kinds', () => {
  it('has a row for every kind the watch shows', () => {
    expect(Object.keys(MESSAGE_KINDS).sort()).toEqual(['action', 'action_feedback', 'notification', 'shifts', 'task', 'task_overdue', 'task_reminder']);
  });

  it('knows no row by an inherited name: such an envelope is a card like any unknown kind', () => {
    expect(messageKind('constructor')).toEqual({});
    const envelope = createEnvelope('constructor', { kind: 'constructor', constructor_id: 'c1', title: 'Hi' }, 'e1', at);
    expect(applyEnvelope([], envelope)).toMatchObject([{ kind: 'constructor', messageId: 'c1', title: 'Hi' }]);
  });

  it("answers an action through the action's row, once, and a task's ticks through the task's row, each time", () => {
    const action = messageKind('action').respond!(message('action', { action: { deadline: at.toISOString(), answers: ['accepted', 'declined'] } }), 'accepted', 'u1');
    expect(action).toMatchObject({ once: true, envelope: { type: 'accepted', data: { action_id: 'm1' } } });
    const ticks = messageKind('task').respond!(message('task'), { checklist: [{ id: 'i1', is_checked: true }] }, 'u2');
    expect(ticks).toMatchObject({ once: false, envelope: { type: 'checklist', data: { task_id: 'm1', items: [{ id: 'i1', is_checked: true }] } } });
    expect(messageKind('task').respond!(message('task'), { task: 'completed' }, 'u3')).toMatchObject({ once: true, envelope: { type: 'completed', data: { task_id: 'm1' } } });
    expect(messageKind('notification').respond).toBeUndefined();
  });
});
