import { describe, expect, it } from 'vitest';
import { answerableUntil, deadlineOf, hasNextGroup, planEscalation, type StepView } from './escalation-plan.ts';

const now = new Date('2026-05-01T10:01:00.000Z');
const action = (over: Partial<StepView> = {}): StepView => ({
  state: 'open',
  step: 0,
  stepDeadline: '2026-05-01T10:00:30.000Z',
  recipientGroups: [{}, {}, {}],
  config: { forward_after: 30 },
  acceptedCount: 0,
  neededCount: 1,
  ...over,
});

describe('escalation plan', () => {
  it("gives a watch the step's deadline plus a time-out for each group still to come", () => {
    expect(answerableUntil(action())).toBe('2026-05-01T10:01:30.000Z');
    expect(answerableUntil(action({ step: 1, stepDeadline: '2026-05-01T10:01:30.000Z' }))).toBe('2026-05-01T10:02:00.000Z');
    expect(answerableUntil(action({ step: 2, stepDeadline: '2026-05-01T10:02:00.000Z' }))).toBe('2026-05-01T10:02:00.000Z');
  });

  it('asks the next group with a full time-out from now once the step is due', () => {
    expect(planEscalation(action(), now, 'timeout')).toEqual({ kind: 'escalate', expectedStep: 0, step: 1, deadline: new Date('2026-05-01T10:01:30.000Z') });
  });

  it('does not act before the deadline, whatever the scheduler says', () => {
    expect(planEscalation(action({ stepDeadline: '2026-05-01T10:01:00.001Z' }), now, 'timeout')).toEqual({ kind: 'none', why: 'not-due' });
  });

  it('expires after the last step', () => {
    expect(planEscalation(action({ step: 2 }), now, 'timeout', 2)).toEqual({ kind: 'expire', expectedStep: 2 });
  });

  it('escalates early before the deadline, but never expires early', () => {
    const early = action({ stepDeadline: '2026-05-01T10:05:00.000Z' });
    expect(planEscalation(early, now, 'early')).toMatchObject({ kind: 'escalate', step: 1 });
    expect(planEscalation({ ...early, step: 2 }, now, 'early')).toEqual({ kind: 'none', why: 'not-due' });
  });

  it('does nothing for a closed or fulfilled action, or a step someone else moved on from', () => {
    expect(planEscalation(action({ state: 'fulfilled' }), now, 'timeout')).toEqual({ kind: 'none', why: 'closed' });
    expect(planEscalation(action({ acceptedCount: 1 }), now, 'timeout')).toEqual({ kind: 'none', why: 'fulfilled' });
    expect(planEscalation(action({ step: 1 }), now, 'timeout', 0)).toEqual({ kind: 'none', why: 'stale' });
  });

  it('knows whether a group follows and when a step times out', () => {
    expect(hasNextGroup({ step: 1, recipientGroups: [1, 2, 3] })).toBe(true);
    expect(hasNextGroup({ step: 2, recipientGroups: [1, 2, 3] })).toBe(false);
    expect(deadlineOf(now, 10).toISOString()).toBe('2026-05-01T10:01:10.000Z');
  });
});
