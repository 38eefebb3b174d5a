import { describe, expect, it } from 'vitest';
import { parseActionEvent } from './action-messages.ts';

describe('parseActionEvent', () => {
  it('reads the answer from the envelope type and the action from its data', () => {
    expect(parseActionEvent('accepted', { kind: 'action', action_id: 'a1', at: '2026-05-01T10:00:00+02:00' })).toEqual({
      kind: 'action',
      action_id: 'a1',
      answer: 'accepted',
      at: '2026-05-01T08:00:00.000Z',
    });
    expect(parseActionEvent('declined', { kind: 'action', action_id: 'a1' })).toEqual({ kind: 'action', action_id: 'a1', answer: 'declined' });
  });

  it('drops a bad time rather than the answer', () => {
    expect(parseActionEvent('accepted', { kind: 'action', action_id: 'a1', at: 'soon' })).toEqual({ kind: 'action', action_id: 'a1', answer: 'accepted' });
  });

  it('refuses other kinds, other types and ids that are no key part', () => {
    expect(parseActionEvent('read', { kind: 'action', action_id: 'a1' })).toBeUndefined();
    expect(parseActionEvent('accepted', { kind: 'notification', action_id: 'a1' })).toBeUndefined();
    expect(parseActionEvent('accepted', { kind: 'action', action_id: 'a#1' })).toBeUndefined();
    expect(parseActionEvent('accepted', { kind: 'action', action_id: '' })).toBeUndefined();
    expect(parseActionEvent('accepted', { kind: 'action', action_id: 7 })).toBeUndefined();
    expect(parseActionEvent('accepted', { kind: 'action', action_id: 'x'.repeat(129) })).toBeUndefined();
  });
});
