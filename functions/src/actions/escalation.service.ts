import { RESPONSE_THRESHOLD_TYPES } from '@portal/shared/constants';
import { logger } from '../platform/logger.ts';
import type { ActionItem } from './action.entity.ts';
import { advanceStep, markExpired, markRejected, readAction } from './answers.repository.ts';
import { onActionClosed } from './closing.ts';
import { queuePrompts } from './delivery.service.ts';
import { hasNextGroup, planEscalation, type EscalationReason } from './escalation-plan.ts';
import { stagedRecipients } from './recipients.repository.ts';
import { cancelStepTimeout, scheduleStepTimeout, stepScheduleName } from './step-timeout.ts';
import { afterDecline, isFulfilled, type Threshold } from './threshold.ts';

export type EscalationResult = 'escalated' | 'expired' | 'none';

const thresholdOf = (action: ActionItem) => (action.config as { response_threshold: Threshold }).response_threshold;

/**
 * Moves an open action on from `expectedStep` (default: the step it is at): a time-out once the
 * step's deadline has passed, or early when declines made the threshold impossible. The next group's
 * new users are asked (those asked before stay asked), or after the last step the action expires.
 * One conditional write on the action row decides (answers.repository.ts): a firing delivered
 * twice or late, a late answer and the time-out racing, each escalate a step once, and never after
 * fulfilment. Whoever loses that write does nothing more.
 */
export async function escalate(orgId: string, actionId: string, reason: EscalationReason, now = new Date(), expectedStep?: number): Promise<EscalationResult> {
  const action = await readAction(orgId, actionId);
  if (!action) return 'none';
  const plan = planEscalation(action, now, reason, expectedStep ?? action.step);
  if (plan.kind === 'none') return 'none';
  if (plan.kind === 'expire') {
    if (!(await markExpired({ orgId, actionId, expectedStep: plan.expectedStep, timeout: true, now }))) return 'none';
    await onActionClosed(orgId, { ...action, state: 'expired', closedAt: now.toISOString() }, 'expired');
    return 'expired';
  }

  // Staged at the send (the group's users not asked before, the creator left out when excluded):
  // asking them is the conditional write below and their prompts, nothing to resolve or write.
  const newUsers = await stagedRecipients(orgId, actionId, action.recipientShards, plan.step);
  const addNeeded = thresholdOf(action).type === RESPONSE_THRESHOLD_TYPES.All ? newUsers.length : 0;
  const won = await advanceStep({
    orgId,
    actionId,
    expectedStep: plan.expectedStep,
    timeout: reason === 'timeout',
    now,
    deadline: plan.deadline,
    newRecipients: newUsers.length,
    addNeeded,
    scheduleId: stepScheduleName(actionId, plan.step),
  });
  if (!won) return 'none';

  const next: ActionItem = {
    ...action,
    step: plan.step,
    stepDeadline: plan.deadline.toISOString(),
    scheduleId: stepScheduleName(actionId, plan.step),
    recipientCount: action.recipientCount + newUsers.length,
    neededCount: action.neededCount + addNeeded,
  };
  // The group's prompts are queued while its step's schedule is made: neither waits for the other.
  await Promise.all([
    scheduleStepTimeout(next, now),
    // An early escalation leaves the earlier step's schedule behind: it would find its step stale.
    reason === 'early'
      ? cancelStepTimeout(actionId, plan.expectedStep).catch((error: unknown) => logger.warn('Step schedule not cancelled', { actionId, error: (error as Error).message }))
      : undefined,
    queuePrompts(orgId, next, newUsers),
  ]);
  if (reason === 'early') await continueIfStillImpossible(orgId, actionId, plan.step, now);
  return 'escalated';
}

/** After an early escalation whose group added too few (or nobody new), the rule is applied again. */
async function continueIfStillImpossible(orgId: string, actionId: string, step: number, now: Date): Promise<void> {
  const action = await readAction(orgId, actionId);
  if (!action || action.state !== 'open' || action.step !== step) return;
  const decision = afterDecline(thresholdOf(action), action, hasNextGroup(action));
  if (decision === 'escalate') await escalate(orgId, actionId, 'early', now, step);
  else if (decision === 'reject') await rejectAction(orgId, action, now);
}

/** open → rejected (declines made the threshold impossible with nobody left to ask), then the closing. */
export async function rejectAction(orgId: string, action: ActionItem, now = new Date()): Promise<boolean> {
  if (!(await markRejected(orgId, action.actionId, now))) return false;
  await onActionClosed(orgId, { ...action, state: 'rejected', closedAt: now.toISOString() }, 'rejected');
  return true;
}

/**
 * A step's time-out fired. The step is the action's current one: a firing of an earlier step that
 * an early escalation left behind finds the current deadline not yet passed. A firing before the
 * deadline (a clock apart) schedules the step again at its deadline, so no step is left without one.
 */
export async function fireStepTimeout(orgId: string, actionId: string, now = new Date()): Promise<EscalationResult> {
  const result = await escalate(orgId, actionId, 'timeout', now);
  if (result !== 'none') return result;
  const action = await readAction(orgId, actionId);
  if (action?.state === 'open' && !isFulfilled(action) && Date.parse(action.stepDeadline) > now.getTime()) await scheduleStepTimeout(action, now);
  return 'none';
}
