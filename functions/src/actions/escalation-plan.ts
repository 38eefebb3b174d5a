import type { ActionState } from '@portal/shared/actions/action.schema';
import { isFulfilled } from './threshold.ts';

/** What the plan reads of the action row (action.entity.ts). */
export interface StepView {
  state: ActionState;
  step: number;
  /** ISO: when the current step times out. */
  stepDeadline: string;
  /** Groups after dropping the empty ones, numbered 0..n-1. */
  recipientGroups: readonly unknown[];
  config: { forward_after: number };
  acceptedCount: number;
  neededCount: number;
}

/** Why the action moves on: its step's time-out, or declines that made the threshold impossible. */
export type EscalationReason = 'timeout' | 'early';

export type EscalationPlan =
  | { kind: 'none'; why: 'closed' | 'fulfilled' | 'not-due' | 'stale' }
  | { kind: 'expire'; expectedStep: number }
  | { kind: 'escalate'; expectedStep: number; step: number; deadline: Date };

export const hasNextGroup = (action: Pick<StepView, 'step' | 'recipientGroups'>) => action.step + 1 < action.recipientGroups.length;

/** When a step that starts at `start` times out. */
export const deadlineOf = (start: Date, forwardAfterSeconds: number) => new Date(start.getTime() + forwardAfterSeconds * 1000);

/**
 * The last instant the user's answer counts, as far as the sender can see it when a step is asked:
 * the step's deadline plus a full time-out for every group still to come. Users of earlier groups
 * stay asked while later groups are asked, so their watches keep the buttons until then. Early
 * escalation only shortens it, and a late firing lengthens it; either way the portal decides on
 * its own clock, and a closed action's `action_closed` takes the prompt away.
 */
export function answerableUntil(action: Pick<StepView, 'step' | 'stepDeadline' | 'recipientGroups' | 'config'>): string {
  const stepsAfter = Math.max(0, action.recipientGroups.length - 1 - action.step);
  return deadlineOf(new Date(action.stepDeadline), stepsAfter * action.config.forward_after).toISOString();
}

/**
 * The next step of an open action at `now`, for the step the caller saw (`expectedStep`; a firing
 * carries it, an early escalation reads it): the next group with a full time-out from now, or
 * expiry after the last. A time-out acts only once its deadline has passed, whatever the scheduler
 * says; a stale step (someone else moved on) and a closed or fulfilled action do nothing. The
 * write that carries the plan repeats these conditions, so a race lost between read and write is
 * refused there too.
 */
export function planEscalation(action: StepView, now: Date, reason: EscalationReason, expectedStep = action.step): EscalationPlan {
  if (action.state !== 'open') return { kind: 'none', why: 'closed' };
  if (isFulfilled(action)) return { kind: 'none', why: 'fulfilled' };
  if (action.step !== expectedStep) return { kind: 'none', why: 'stale' };
  if (reason === 'timeout' && Date.parse(action.stepDeadline) > now.getTime()) return { kind: 'none', why: 'not-due' };
  if (!hasNextGroup(action)) return reason === 'timeout' ? { kind: 'expire', expectedStep } : { kind: 'none', why: 'not-due' };
  return { kind: 'escalate', expectedStep, step: action.step + 1, deadline: deadlineOf(now, action.config.forward_after) };
}
