import { describe, expect, it } from 'vitest';
import { countResponses } from '@portal/shared/actions/response-status';
import { responseCountsOf } from '@portal/shared/dashboard/status-counts';
import { actionStatusOf, answeredTimeInMs, isUnanswered, type RecipientView } from './action-status.ts';

const row = (userId: string, groupNumber: number, response: RecipientView['response'], answeredAt?: string): RecipientView => ({
  userId,
  groupNumber,
  response,
  answeredAt,
});

describe('action status', () => {
  it('sorts the users asked into sent, accepted, declined, unanswered and not received, by group', () => {
    const status = actionStatusOf({ sendTime: '2026-05-01T10:00:00.000Z', firstAnswerAt: '2026-05-01T10:00:04.500Z' }, [
      row('dan', 1, 'accepted', '2026-05-01T10:00:40.000Z'),
      row('ann', 0, 'accepted', '2026-05-01T10:00:04.500Z'),
      row('bob', 0, 'declined', '2026-05-01T10:00:09.000Z'),
      row('cem', 0, 'no-response'),
      row('eva', 1, 'not-available'),
      row('fay', 1, 'no-response'),
      { row: 'DELIVERY', userId: 'fay', state: 'NotSent' },
      { row: 'DELIVERY', userId: 'cem', state: 'Sent' },
      { row: 'DELIVERY', userId: 'ann', state: 'NotSent' },
    ]);
    expect(status.sent_user_ids).toEqual(['ann', 'bob', 'cem', 'dan', 'fay']);
    expect(status.accepted_user_ids).toEqual(['ann', 'dan']);
    expect(status.declined_user_ids).toEqual(['bob']);
    expect(status.unanswered_user_ids).toEqual(['cem', 'fay']);
    expect(status.not_received_user_ids).toEqual(['eva']);
    expect(status.answered_time_in_ms).toBe(4500);
    expect(status.resolved_recipient_groups).toEqual([
      { group_number: 0, recipients: [{ id: 'ann', type: 'user' }, { id: 'bob', type: 'user' }, { id: 'cem', type: 'user' }] },
      { group_number: 1, recipients: [{ id: 'dan', type: 'user' }, { id: 'eva', type: 'user' }, { id: 'fay', type: 'user' }] },
    ]);
  });

  it("reads the same status as the dashboard's counters, also for a prompt whose publish failed (issue 28)", () => {
    const rows: RecipientView[] = [
      row('ann', 0, 'accepted', '2026-05-01T10:00:04.500Z'),
      row('bob', 0, 'declined', '2026-05-01T10:00:09.000Z'),
      row('cem', 0, 'no-response'),
      row('eva', 0, 'not-available'),
      row('fay', 0, 'no-response'),
      { row: 'DELIVERY', userId: 'fay', state: 'NotSent' },
      { row: 'DELIVERY', userId: 'ann', state: 'NotSent' },
    ];
    // The counters the action row keeps (decision 0036): the users asked, the answers, and the
    // not-available counted when the step's prompts were queued.
    const counters = { recipient_count: 5, accepted_count: 1, declined_count: 1, not_available_count: 1 };
    const details = actionStatusOf({ sendTime: '2026-05-01T10:00:00.000Z' }, rows);
    expect(countResponses(details.responses.map((r) => r.response))).toEqual(responseCountsOf(counters));
    expect(details.responses.find((r) => r.user_id === 'fay')?.response).toBe('no-response');
  });

  it('adds presence per user for the details pane', () => {
    const presence = new Map([['cem', { has_device: true, online: false, last_seen_at: '2026-05-01T09:02:00.000Z' }]]);
    const status = actionStatusOf({ sendTime: '2026-05-01T10:00:00.000Z' }, [row('cem', 0, 'no-response'), row('ann', 0, 'accepted', 't')], presence);
    expect(status.responses).toEqual([
      { user_id: 'cem', group_number: 0, response: 'no-response', answered_at: null, last_seen_at: '2026-05-01T09:02:00.000Z', online: false },
      { user_id: 'ann', group_number: 0, response: 'accepted', answered_at: 't', last_seen_at: null, online: false },
    ]);
  });

  it('has no answered time before the first answer, and never a negative one', () => {
    expect(answeredTimeInMs({ sendTime: '2026-05-01T10:00:00.000Z' })).toBeNull();
    expect(answeredTimeInMs({ sendTime: '2026-05-01T10:00:00.000Z', firstAnswerAt: '2026-05-01T09:59:59.000Z' })).toBe(0);
    expect(actionStatusOf({ sendTime: '2026-05-01T10:00:00.000Z' }, []).resolved_recipient_groups).toEqual([]);
  });

  it('counts the not answered, received or not, as still shown the prompt', () => {
    expect(['accepted', 'declined', 'no-response', 'not-available'].map((response) => isUnanswered({ response: response as RecipientView['response'] }))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});
