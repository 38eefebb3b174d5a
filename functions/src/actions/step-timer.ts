import { MAX_DELAY_SECONDS } from '../platform/delivery/delivery-queue.port.ts';

/**
 * How a step's time-out is timed (decision 0054). EventBridge Scheduler fires an `at()` schedule
 * within about a minute; the time-outs offered are 10 s to 10 min (default 30 s). So a step due
 * within SQS's longest message delay (900 s) is an `action.forward` job on the actions queue with
 * that delay, second precision; a longer step is a one-off schedule, whose minute of slack is small
 * beside it.
 */
export const QUEUE_DELAY_MAX_SECONDS = MAX_DELAY_SECONDS;

export type StepTimer = { via: 'queue'; delaySeconds: number } | { via: 'scheduler'; at: Date };

/**
 * The timer of a step due at `at`, measured from `clock` (the real clock: a queue's delay runs from
 * when the job is put there). The delay is rounded up, so the job never comes before the deadline;
 * one already passed runs at once.
 */
export function stepTimerOf(at: Date, clock: number): StepTimer {
  const delaySeconds = Math.max(0, Math.ceil((at.getTime() - clock) / 1000));
  return delaySeconds <= QUEUE_DELAY_MAX_SECONDS ? { via: 'queue', delaySeconds } : { via: 'scheduler', at };
}

/**
 * Whether an action's steps have schedules to cancel: those of a time-out longer than the queue's
 * longest delay. (A step of a short one that came early and was timed again at its deadline is on the
 * queue too; a long one's step timed again near its deadline leaves no schedule behind, its one-off
 * having fired.)
 */
export const stepsOnScheduler = (forwardAfterSeconds: number): boolean => forwardAfterSeconds > QUEUE_DELAY_MAX_SECONDS;
