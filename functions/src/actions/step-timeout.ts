import type { ScheduledJobType } from '@portal/shared/api/scheduled-jobs';
import { scheduler, type ScheduleTarget } from '../platform/scheduling/scheduler.ts';
import type { ActionItem } from './action.entity.ts';

/** What a step's time-out asks the scheduled handler to do: a row of shared/src/api/scheduled-jobs.ts. */
export const FORWARD_TYPE = 'action.forward' satisfies ScheduledJobType;

/** One one-off per step; short enough for EventBridge's 64 characters with an organisation prefix. */
export const stepScheduleName = (actionId: string, step: number) => `act-${actionId}-${step}`;

export const forwardTarget = (orgId: string, actionId: string): ScheduleTarget => ({ module: 'actions', type: FORWARD_TYPE, orgId, id: actionId });

/**
 * The one-off schedule of a step's time-out at `action.stepDeadline` (the send calls it for step 0,
 * the escalation for each next step). Nothing depends on when it fires: the deadline is checked on
 * the server by every answer and by the escalation's conditional write, so EventBridge's minute of
 * slack only delays who is asked next, never lets a late answer count.
 */
export async function scheduleStepTimeout(action: Pick<ActionItem, 'orgId' | 'actionId' | 'step' | 'stepDeadline'>, now = new Date()): Promise<void> {
  // A deadline already passed (a very slow send) fires at once rather than being refused as past;
  // past by the scheduler's own clock too, which a service run at an earlier clock (the demo seed's
  // morning, infra/local/seed-live-actions.ts) does not share.
  const at = new Date(Math.max(Date.parse(action.stepDeadline), now.getTime() + 1000, Date.now() + 1000));
  await scheduler().scheduleOnce({ name: stepScheduleName(action.actionId, action.step), at, target: forwardTarget(action.orgId, action.actionId) });
}

export async function cancelStepTimeout(actionId: string, step: number): Promise<void> {
  await scheduler().cancel(stepScheduleName(actionId, step));
}
