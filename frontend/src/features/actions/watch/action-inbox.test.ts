import { describe, expect, it } from 'vitest';
import { createEnvelope, type Envelope } from '@portal/shared/devices/topics';
import { actionAnswerEnvelope } from '../../../watch/watch-events.ts';
import { actionView, applyEnvelope, formatTimeLeft, markAnswered, type WatchMessage } from '../../../watch/watch-inbox.ts';

const at = new Date('2025-03-03T10:00:00.000Z');
const deadline = '2025-03-03T10:00:10.000Z';
const prompt = (envelopeId = 'e1', id = 'a1') =>
  createEnvelope('action', { kind: 'action', action_id: id, title: 'Till 3', body: 'Cashier needed', answers: ['accepted', 'declined'], step: 0, deadline, sent_at: at.toISOString() }, envelopeId, at);
const answerOf = (answer: string, outcome: string, id = 'a1') => createEnvelope('action_answer', { kind: 'action', action_id: id, answer, outcome }, `r-${outcome}`, at);
const closedOf = (reason: string, id = 'a1') => createEnvelope('action_closed', { kind: 'action', action_id: id, reason }, `c-${reason}`, at);
const inbox = (...envelopes: Envelope[]) => envelopes.reduce<WatchMessage[]>((list, e) => applyEnvelope(list, e), []);
const view = (list: WatchMessage[], now = at.getTime()) => actionView(list[0]!.action!, now);

describe('watch inbox: actions', () => {
  it('reads a prompt into a card with its deadline and answers', () => {
    expect(inbox(prompt())).toEqual([
      expect.objectContaining({ kind: 'action', messageId: 'a1', title: 'Till 3', body: 'Cashier needed', action: { deadline, answers: ['accepted', 'declined'] } }),
    ]);
  });

  it('counts down to the deadline and offers the answers until then', () => {
    const list = inbox(prompt());
    expect(view(list)).toEqual({ state: 'open', canAnswer: true, msLeft: 10_000 });
    expect(view(list, at.getTime() + 9_999)).toMatchObject({ state: 'open', canAnswer: true, msLeft: 1 });
    expect(view(list, at.getTime() + 10_000)).toEqual({ state: 'timeUp', canAnswer: false });
    expect([formatTimeLeft(10_000), formatTimeLeft(8_200), formatTimeLeft(1), formatTimeLeft(0), formatTimeLeft(3_723_000)]).toEqual(['0:10', '0:09', '0:01', '0:00', '1:02:03']);
  });

  it('takes the buttons away once answered, then shows what the portal made of the answer', () => {
    let list = markAnswered(inbox(prompt()), 'a1', 'accepted');
    expect(view(list)).toEqual({ state: 'sending', canAnswer: false });
    expect(markAnswered(list, 'a1', 'declined')[0]!.action!.answered).toBe('accepted');
    list = applyEnvelope(list, answerOf('accepted', 'counted'));
    expect(view(list)).toEqual({ state: 'accepted', canAnswer: false });
    expect(view(inbox(prompt(), answerOf('declined', 'counted')))).toEqual({ state: 'declined', canAnswer: false });
    expect(view(inbox(prompt(), answerOf('accepted', 'covered')))).toEqual({ state: 'covered', canAnswer: false });
    expect(view(inbox(prompt(), answerOf('accepted', 'expired')))).toEqual({ state: 'expired', canAnswer: false });
    expect(view(inbox(prompt(), answerOf('accepted', 'already_answered')))).toEqual({ state: 'already_answered', canAnswer: false });
  });

  it('withdraws the prompt of a user who has not answered, but keeps a counted answer', () => {
    for (const reason of ['covered', 'expired', 'withdrawn']) expect(view(inbox(prompt(), closedOf(reason)))).toEqual({ state: reason, canAnswer: false });
    expect(view(inbox(prompt(), answerOf('accepted', 'counted'), closedOf('covered')))).toEqual({ state: 'accepted', canAnswer: false });
    // Answered but not yet confirmed when the action closed: the withdrawal says what happened.
    expect(view(applyEnvelope(markAnswered(inbox(prompt()), 'a1', 'accepted'), closedOf('covered')))).toEqual({ state: 'covered', canAnswer: false });
  });

  it('keeps what it learnt when the prompt arrives again, and ignores answers to prompts it never showed', () => {
    const list = inbox(prompt(), closedOf('expired'), prompt('e2'));
    expect(list).toHaveLength(1);
    expect(view(list)).toEqual({ state: 'expired', canAnswer: false });
    expect(inbox(answerOf('accepted', 'counted', 'other'), closedOf('covered', 'other'))).toEqual([]);
  });

  it('shows feedback like a notification, and drops malformed action messages', () => {
    const feedback = createEnvelope('action_feedback', { kind: 'action', action_id: 'a1', outcome: 'accepted', text: 'Anna takes till 3' }, 'f1', at);
    expect(inbox(prompt(), feedback)[0]).toMatchObject({ kind: 'action_feedback', title: '', body: 'Anna takes till 3', read: false });
    expect(inbox(createEnvelope('action', { kind: 'action', action_id: 'a1', title: 'no deadline' }, 'x1', at))).toEqual([]);
    expect(inbox(createEnvelope('action', { kind: 'action', action_id: 'a#1', deadline }, 'x2', at))).toEqual([]);
    expect(inbox(prompt(), answerOf('maybe', 'counted'))[0]!.action).toEqual({ deadline, answers: ['accepted', 'declined'] });
  });

  it('builds answers as envelopes of type accepted or declined', () => {
    expect(actionAnswerEnvelope('declined', 'a1', 'u1', at)).toEqual({
      v: 1,
      id: 'u1',
      type: 'declined',
      sent_at: at.toISOString(),
      data: { kind: 'action', action_id: 'a1', at: at.toISOString() },
    });
  });
});
