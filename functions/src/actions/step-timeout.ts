import { scheduleNamePrefixOf, type ScheduledJobType } from '@portal/shared/api/scheduled-jobs';
import { enqueueJob } from '../platform/delivery/delivery-queue.ts';
import { scheduler, type ScheduleTarget } from '../platform/scheduling/scheduler.ts';
import type { ActionItem } from './action.entity.ts';
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
