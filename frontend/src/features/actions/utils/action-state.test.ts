import { describe, expect, it } from 'vitest';
import { recipientRows, stateView } from './action-state.ts';

describe('stateView', () => {
  const now = new Date('2026-11-23T14:00:00.000Z');
  it('gives an open action its step (1-based) and the time left', () => {
    expect(stateView({ state: 'open', step: 1, step_deadline: '2026-11-23T14:00:25.000Z' }, now)).toEqual({ state: 'open', step: 2, timeLeftMs: 25_000 });
    expect(stateView({ state: 'open', step: 0, step_deadline: '2026-11-23T13:59:00.000Z' }, now).timeLeftMs).toBe(0);
  });

  it('has no time left once closed', () => {
    expect(stateView({ state: 'fulfilled', step: 0, step_deadline: '2026-11-23T14:00:25.000Z' }, now).timeLeftMs).toBeNull();
  });
});

describe('recipientRows', () => {
  it('names recipients, orders them by group and says since when an offline watch is gone', () => {
    const rows = recipientRows(
      {
        responses: [
          { user_id: 'u2', group_number: 1, response: 'no-response', answered_at: null, last_seen_at: '2026-11-23T14:02:00.000Z', online: false },
          { user_id: 'u1', group_number: 0, response: 'accepted', answered_at: '2026-11-23T14:01:00.000Z', last_seen_at: null, online: true },
        ],
      },
      { users: [{ id: 'u1', firstname: 'Ada', lastname: 'Lovelace' }, { id: 'u2', firstname: 'Ben', lastname: 'Ray' }] as never },
    );
    expect(rows.map((r) => [r.name, r.group, r.response, r.offline, r.offlineSince?.toISOString() ?? null])).toEqual([
      ['Ada Lovelace', 1, 'accepted', false, null],
      ['Ben Ray', 2, 'no-response', true, '2026-11-23T14:02:00.000Z'],
    ]);
    expect(rows[0]!.answeredAt?.toISOString()).toBe('2026-11-23T14:01:00.000Z');
  });
});
