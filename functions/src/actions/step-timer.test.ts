import { describe, expect, it } from 'vitest';
import { QUEUE_DELAY_MAX_SECONDS, stepTimerOf, stepsOnScheduler } from './step-timer.ts';

const clock = Date.parse('2026-11-28T10:00:00.000Z');
const after = (ms: number) => new Date(clock + ms);

describe("a step's timer (decision 0054)", () => {
  it('puts a step due within SQS’s 900 s on the actions queue with second precision, never early', () => {
    expect(stepTimerOf(after(10_000), clock)).toEqual({ via: 'queue', delaySeconds: 10 });
    expect(stepTimerOf(after(30_000), clock)).toEqual({ via: 'queue', delaySeconds: 30 });
    // Rounded up: a job that came before its deadline would only be queued again.
    expect(stepTimerOf(after(10_001), clock)).toEqual({ via: 'queue', delaySeconds: 11 });
    expect(stepTimerOf(after(600_000), clock)).toEqual({ via: 'queue', delaySeconds: 600 });
    expect(stepTimerOf(after(900_000), clock)).toEqual({ via: 'queue', delaySeconds: QUEUE_DELAY_MAX_SECONDS });
  });

  it('runs a deadline already passed at once', () => {
    expect(stepTimerOf(after(-5_000), clock)).toEqual({ via: 'queue', delaySeconds: 0 });
    expect(stepTimerOf(after(0), clock)).toEqual({ via: 'queue', delaySeconds: 0 });
  });

  it('leaves a longer step to EventBridge Scheduler, whose minute of slack is small beside it', () => {
    expect(stepTimerOf(after(900_001), clock)).toEqual({ via: 'scheduler', at: after(900_001) });
    expect(stepTimerOf(after(3_600_000), clock)).toEqual({ via: 'scheduler', at: after(3_600_000) });
  });

  it('tells by the time-out option alone whether an action’s steps have schedules to cancel', () => {
    expect([10, 30, 600, 900].map(stepsOnScheduler)).toEqual([false, false, false, false]);
    expect([901, 1_800, 86_400].map(stepsOnScheduler)).toEqual([true, true, true]);
  });
});
