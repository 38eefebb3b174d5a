import { scheduleNamePrefixOf, type ScheduledJobType } from '@portal/shared/api/scheduled-jobs';
import { enqueueJob } from '../platform/delivery/delivery-queue.ts';
import { scheduler, type ScheduleTarget } from '../platform/scheduling/scheduler.ts';
import type { ActionItem } from './action.entity.ts';
import { isUnanswered } from './action-status.ts';
import { claimStepTiming, markStepTimed, readAction } from './answers.repository.ts';
import { promptAgain } from './delivery.service.ts';
import { stagedOf, userRows } from './recipients.repository.ts';
import { stepsOnScheduler, stepTimerOf } from './step-timer.ts';

/**
 * What a step's time-out asks the scheduled handler to do (a row of shared/src/api/scheduled-jobs.ts),
 * and the kind of the same time-out as a job on the actions queue (a short step, decision 0054).
 */
export const FORWARD_TYPE = 'action.forward' satisfies ScheduledJobType;

/** One one-off per step; short enough for EventBridge's 64 characters with an organisation prefix. */
export const stepScheduleName = (actionId: string, step: number) => `${scheduleNamePrefixOf(FORWARD_TYPE)}${actionId}-${step}`;

export const forwardTarget = (orgId: string, actionId: string): ScheduleTarget => ({ module: 'actions', type: FORWARD_TYPE, orgId, id: actionId });

/** A queued step time-out: the action and the step it times out (a job for an earlier step is stale). */
export interface ForwardRequest {
  actionId: string;
  step: number;
}

/** The job's payload as scheduleStepTimeout wrote it; throws on anything else (the record fails and is dead-lettered). */
export function forwardRequest(payload: unknown): ForwardRequest {
  const p = (payload ?? {}) as Partial<Record<keyof ForwardRequest, unknown>>;
  if (typeof p.actionId !== 'string' || !p.actionId || !Number.isInteger(p.step) || (p.step as number) < 0) throw new Error('Not an action.forward job payload');
  return { actionId: p.actionId, step: p.step as number };
}

/**
 * The timer of a step's time-out at `action.stepDeadline` (the send calls it for step 0, the
 * escalation for each next step): within 900 s an `action.forward` job on the actions queue with
 * SQS's DelaySeconds (second precision), run by the actions delivery function; later a one-off
 * schedule (EventBridge fires within a minute; decision 0054, step-timer.ts). Correctness does not
 * depend on when it fires: the deadline is checked on the server by every answer and by the
 * escalation's conditional write, so a late timer only delays who is asked next, never lets a late
 * answer count.
 */
export async function scheduleStepTimeout(action: Pick<ActionItem, 'orgId' | 'actionId' | 'step' | 'stepDeadline'>, now = new Date()): Promise<void> {
  // A deadline already passed (a very slow send) fires at once rather than being refused as past;
  // past by the scheduler's own clock too, which a service run at an earlier clock (the demo seed's
  // morning, infra/local/seed-live-actions.ts) does not share.
  const at = new Date(Math.max(Date.parse(action.stepDeadline), now.getTime() + 1000, Date.now() + 1000));
  const timer = stepTimerOf(at, Date.now());
  if (timer.via === 'queue') {
    const request: ForwardRequest = { actionId: action.actionId, step: action.step };
    await enqueueJob(action.orgId, 'actions', FORWARD_TYPE, request, { delaySeconds: timer.delaySeconds });
    return;
  }
  await scheduler().scheduleOnce({ name: stepScheduleName(action.actionId, action.step), at, target: forwardTarget(action.orgId, action.actionId) });
}

/** The time-out the action was sent with (seconds). */
const forwardAfterOf = (action: Pick<ActionItem, 'config'>) => Number((action.config as { forward_after?: number }).forward_after);

/**
 * Deletes a step's schedule, for an action whose steps are scheduled (a time-out longer than the
 * queue's delay). A short step's job cannot be taken back and need not be: it finds its step gone
 * by (the action moved on or closed) and does nothing; so no scheduler is asked.
 */
export async function cancelStepTimeout(action: Pick<ActionItem, 'actionId' | 'step' | 'config'>, step = action.step): Promise<void> {
  if (!stepsOnScheduler(forwardAfterOf(action))) return;
  await scheduler().cancel(stepScheduleName(action.actionId, step));
}

/**
 * How long after a step's conditional write its escalation may still be queueing the step's timer
 * and prompts (decision 0073). A live escalation takes well under a second; one cut off never marks.
 * A stale timer within it waits for the rest of it (at most this, inside the 60 s the functions that
 * run timers have), then takes the timing over. An escalation slower than this has its step timed
 * twice (two timers, which escalate once) and its prompts queued again to whom they had not reached.
 */
export const STEP_TIMING_GRACE_SECONDS = 20;

/** How often a stale timer looks again for the marker while the escalation may still be at work. */
const POLL_MS = 250;

/** Open, unmet, and its step's timer and prompts not known queued (an action sent before the marker has none: never). */
export const isUntimed = (action: ActionItem) =>
  action.state === 'open' && action.acceptedCount < action.neededCount && action.timedStep !== undefined && action.timedStep < action.step;

/**
 * A timer of a step the action has left found its current step untimed: the escalation that moved it
 * was cut off after its conditional write (a kill, a Lambda time-out, a throw), or is still at work.
 * Waits for that escalation's marker until the step's timing is the grace old, then one caller
 * claims it (a conditional write) and queues the step's timer and its group's prompts again, then
 * marks it. Resolves true when this call re-timed the step.
 */
export async function retimeUntimedStep(orgId: string, action: ActionItem, now: Date): Promise<boolean> {
  if (!action.timingSince) return false;
  const started = Date.now();
  // Never longer than the grace, whatever clock `now` is on (the demo seed runs at its morning's).
  const waitMs = Math.min(STEP_TIMING_GRACE_SECONDS * 1000, Date.parse(action.timingSince) + STEP_TIMING_GRACE_SECONDS * 1000 - now.getTime());
  let current: ActionItem | null = action;
  while (current && isUntimed(current) && current.step === action.step && Date.now() - started < waitMs) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    current = await readAction(orgId, action.actionId);
  }
  if (!current || !isUntimed(current) || current.step !== action.step) return false;
  const at = new Date(now.getTime() + (Date.now() - started));
  if (!(await claimStepTiming(orgId, action.actionId, action.step, at, STEP_TIMING_GRACE_SECONDS))) return false;

  // Who the step asks: its group's rows (staged at the send, or written by the escalation for its
  // shift activities), less those who answered meanwhile.
  const rows = (await userRows(orgId, action.actionId, action.recipientShards)).filter(isUnanswered);
  await Promise.all([scheduleStepTimeout(current, at), promptAgain(orgId, current, stagedOf(rows, current.step))]);
  await markStepTimed(orgId, action.actionId, action.step);
  return true;
}
