import { RESPONSE_THRESHOLD_TYPES } from '@portal/shared/constants';
import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { resolveRecipients } from '../users/public.ts';
import { logger } from '../platform/logger.ts';
import type { ActionItem } from './action.entity.ts';
import { advanceStep, markExpired, markRejected, markStepTimed, readAction } from './answers.repository.ts';
import { onActionClosed } from './closing.ts';
import { refreshActionFact } from './report-refresh.ts';
import { askRecipients, queuePrompts } from './delivery.service.ts';
import { hasNextGroup, planEscalation, type EscalationReason } from './escalation-plan.ts';
import { stagedOf, userRows } from './recipients.repository.ts';
import { activitiesOf, addedAtStep } from './send-plan.ts';
import { cancelStepTimeout, forwardRequest, isUntimed, retimeUntimedStep, scheduleStepTimeout, stepScheduleName } from './step-timeout.ts';
import { afterDecline, isFulfilled, type Threshold } from './threshold.ts';

export type EscalationResult = 'escalated' | 'expired' | 'none';

const thresholdOf = (action: ActionItem) => (action.config as { response_threshold: Threshold }).response_threshold;

/**
 * Moves an open action on from `expectedStep` (default: the step it is at): a time-out once the
 * step's deadline has passed, or early when declines made the threshold impossible. The next group's
 * new users are asked (those asked before stay asked), or after the last step the action expires.
 * One conditional write on the action row decides (answers.repository.ts): a firing delivered
 * twice or late, a late answer and the time-out racing, each escalate a step once, and never after
 * fulfilment. Whoever loses that write does nothing more and has written nothing.
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

  const rows = await userRows(orgId, actionId, action.recipientShards);
  // The step before is still writing the rows of the users its activities added (they count on the
  // row already): an early escalation now could ask one of them twice. That writer applies the rule
  // again once its rows are in (below); a time-out comes a full forward_after later.
  if (reason === 'early' && rows.filter((row) => (row.groupNumber ?? 0) <= action.step).length < action.recipientCount) return 'none';
  // Staged at the send (decision 0024): asking them is the conditional write below and their prompts.
  const staged = stagedOf(rows, plan.step);
  // The group's shift activities resolve now, at its step's moment (decision 0034): rows written only
  // once the write is won, so a loser leaves nothing that counts.
  const added = await addedOnShift(orgId, action, plan.step, rows, now);
  const newRecipients = staged.length + added.length;
  const addNeeded = thresholdOf(action).type === RESPONSE_THRESHOLD_TYPES.All ? newRecipients : 0;
  const won = await advanceStep({
    orgId,
    actionId,
    expectedStep: plan.expectedStep,
    timeout: reason === 'timeout',
    now,
    deadline: plan.deadline,
    newRecipients,
    addNeeded,
    scheduleId: stepScheduleName(actionId, plan.step),
  });
  if (!won) return 'none';

  const next: ActionItem = {
    ...action,
    step: plan.step,
    stepDeadline: plan.deadline.toISOString(),
    scheduleId: stepScheduleName(actionId, plan.step),
    recipientCount: action.recipientCount + newRecipients,
    neededCount: action.neededCount + addNeeded,
  };
  // The group's prompts are queued (after the added users' rows) while its step's schedule is made;
  // then the step is marked timed. Cut off before the mark, the earlier step's timer re-times it
  // (fireStepTimeout, decision 0073).
  await Promise.all([
    scheduleStepTimeout(next, now),
    askRecipients(orgId, next, added.map((userId) => ({ userId, groupNumber: plan.step })), now).then((asked) => queuePrompts(orgId, next, [...staged, ...asked])),
  ]);
  await markStepTimed(orgId, actionId, plan.step);
  // An early escalation leaves the earlier step's schedule behind (it would find its step stale);
  // deleted only once the step is marked, so an escalation cut off before keeps a timer to repair it.
  if (reason === 'early') {
    await cancelStepTimeout(action, plan.expectedStep).catch((error: unknown) => logger.warn('Step schedule not cancelled', { actionId, error: (error as Error).message }));
  }
  await continueIfStillImpossible(orgId, actionId, plan.step, now, reason === 'early' ? -1 : action.declinedCount);
  return 'escalated';
}

/**
 * The users group `step`'s shift activities add at `now` (those on shift, less anyone asked or
 * staged for it or before, and the creator when excluded); none when it names no activity.
 */
async function addedOnShift(orgId: string, action: ActionItem, step: number, rows: Parameters<typeof addedAtStep>[1], now: Date): Promise<string[]> {
  const activities = activitiesOf((action.recipientGroups as RecipientGroup[])[step]);
  if (!activities.length) return [];
  const onShift = await resolveRecipients(orgId, [{ group_number: step, recipients: activities }], { at: now });
  const excluded = (action.config as { exclude_creator?: boolean }).exclude_creator ? action.createdBy : null;
  return addedAtStep(
    onShift.recipients.map((r) => r.userId),
    rows,
    step,
    excluded,
  );
}

/**
 * After an early escalation whose group added too few (or nobody new), the rule is applied again;
 * after a time-out only when a decline came since `declinedBefore` (its early escalation may have
 * waited for this step's rows). -1: always.
 */
async function continueIfStillImpossible(orgId: string, actionId: string, step: number, now: Date, declinedBefore: number): Promise<void> {
  const action = await readAction(orgId, actionId);
  if (!action || action.state !== 'open' || action.step !== step || action.declinedCount <= declinedBefore) return;
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
 * A step's time-out fired. A schedule's firing names no step: the step is the action's current one,
 * and a firing of an earlier step that an early escalation left behind finds the current deadline not
 * yet passed. A queued job names its step (`step`): one for a step the action has left (it moved on
 * early or on a copy of the job, or closed) does nothing, as a job cannot be cancelled. A timer that
 * comes before the deadline (a clock apart) times the step again at its deadline, so no step is left
 * without one; a stale one times nothing, so a job delivered twice never leaves two timers. The one
 * exception: a stale timer that finds the current step not marked timed past a grace (its escalation
 * cut off between its conditional write and queueing the step's timer and prompts) queues them,
 * one caller by a conditional claim (`retimeUntimedStep`, decision 0073). The report fact is
 * refreshed whatever the outcome: a repeat after a cut-off firing brings it up to date.
 */
export async function fireStepTimeout(orgId: string, actionId: string, now = new Date(), step?: number): Promise<EscalationResult> {
  const result = await stepTimedOut(orgId, actionId, now, step);
  await refreshActionFact(orgId, actionId);
  return result;
}

async function stepTimedOut(orgId: string, actionId: string, now: Date, step?: number): Promise<EscalationResult> {
  const result = await escalate(orgId, actionId, 'timeout', now, step);
  if (result !== 'none') return result;
  const action = await readAction(orgId, actionId);
  // A timer of a step left behind (a schedule's firing names none) finding the current step's timing
  // cut off after its conditional write re-times it, once (decision 0073).
  if (action && (step === undefined || step < action.step) && isUntimed(action) && (await retimeUntimedStep(orgId, action, now))) return 'none';
  if (step !== undefined && action?.step !== step) return 'none';
  if (action?.state === 'open' && !isFulfilled(action) && Date.parse(action.stepDeadline) > now.getTime()) await scheduleStepTimeout(action, now);
  return 'none';
}

/**
 * The `action.forward` job (a short step's time-out on the actions queue, decision 0054), run by
 * the actions delivery function. Idempotent: the step's conditional write escalates it once,
 * however often and late the job comes, and never after an answer closed the action.
 */
export async function runForwardJob(orgId: string, payload: unknown, now = new Date()): Promise<EscalationResult> {
  const { actionId, step } = forwardRequest(payload);
  return fireStepTimeout(orgId, actionId, now, step);
}
