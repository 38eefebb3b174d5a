import type { ActionAnswer, ActionAnswerData, ActionAnswerOutcome } from '@portal/shared/devices/action-messages';
import type { ActionItem } from './action.entity.ts';
import { actionAccepted, type ActionMeta } from './action-signals.ts';
import { markFulfilled, readAction, recipientRow, writeAnswer, type AnswerWrite } from './answers.repository.ts';
import { onActionClosed } from './closing.ts';
import { publishToUsers } from './downlink.ts';
import { hasNextGroup } from './escalation-plan.ts';
import { escalate, rejectAction } from './escalation.service.ts';
import { refreshActionFact } from './report-refresh.ts';
import { afterDecline, isFulfilled, type Threshold } from './threshold.ts';

export interface AnswerInput {
  orgId: string;
  actionId: string;
  /** The answering user: the topic's or the device's, never one named in the message. */
  userId: string;
  answer: ActionAnswer;
  /** The device's time of the answer, if it said; never later than now. */
  at?: string;
  envelope?: AnswerWrite['envelope'];
}

/** What became of an answer: the outcome the user is told, or nothing to tell (a replayed envelope, an action or user unknown). */
export type AnswerResult = ActionAnswerOutcome | 'duplicate' | 'ignored';

/** A late answer escalates a due step first, then tries again: at most once per group left, plus one. */
const MAX_ROUNDS = 12;

/** The USER row's response while unanswered (the answer's condition and the not-available count go by it). */
const openResponse = (response: string | undefined) => (response === 'no-response' || response === 'not-available' ? response : undefined);

const thresholdOf = (action: ActionItem) => (action.config as { response_threshold: Threshold }).response_threshold;

/**
 * An accept or a decline (docs/decisions, action escalation). The answer is ONE conditional
 * transaction on the action row and the user's row: exactly N accepts count, nothing counts after
 * the step's deadline or the close. Then its consequences: the accept that met the threshold
 * fulfils the action; declines that made it impossible escalate at once or reject it. A late
 * answer while a next group exists escalates the due step first (the same write the time-out makes)
 * and is tried again; after the last step it is refused as expired, however late the scheduler is.
 * The user is told the outcome (`action_answer`); an accept that may be the first is signalled
 * (`actionAccepted`: the firing that made the action times its response). Then the action's report
 * fact is refreshed, for a duplicate too (the envelope's first delivery may have stopped before its
 * refresh or its signal).
 */
export async function answerAction(input: AnswerInput, now = new Date()): Promise<AnswerResult> {
  const result = await answerOnce(input, now);
  // Ignored: the action is gone or the user was never asked, and nothing was written.
  if (result !== 'ignored') await refreshActionFact(input.orgId, input.actionId);
  return result;
}

async function answerOnce(input: AnswerInput, now: Date): Promise<AnswerResult> {
  let action = await readAction(input.orgId, input.actionId);
  if (!action) return 'ignored';
  // The device's clock, kept between the send and now: answered_time_in_ms is never negative or ahead.
  const nowIso = now.toISOString();
  const at = !input.at || input.at > nowIso ? nowIso : input.at < action.sendTime ? action.sendTime : input.at;
  // A user never asked, or of a later group staged but not asked yet, has no prompt: they hear nothing.
  const row = await recipientRow(input.orgId, input.actionId, action.recipientShards, input.userId);
  if (!row || row.groupNumber > action.step) return 'ignored';
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const written = await writeAnswer({ ...input, shards: action.recipientShards, groupNumber: row.groupNumber, previous: openResponse(row.response), at }, now);
    // A repeat of an envelope counted before (its id is recorded only with a counted answer): told
    // 'counted' again, the same message id, which a watch that has it drops. The first delivery may
    // have stopped between the count and the reply (a kill, the table gone), and a watch resends an
    // answer until it is told: silence here left it unconfirmed for good (soak seed 1, run 7).
    if (written === 'duplicate') {
      await reply(input, 'counted', now);
      await signalAccept(input, action);
      return 'duplicate';
    }
    // The USER row is no longer open: answered before (a second watch, a repeat); they are told so.
    if (written === 'answered') return reply(input, 'already_answered', now);
    if (written === 'counted') {
      await reply(input, 'counted', now);
      await afterCounted(input, now);
      await signalAccept(input, action);
      return 'counted';
    }
    action = await readAction(input.orgId, input.actionId);
    if (!action) return 'ignored';
    const refusal = refusalOf(action, now);
    if (refusal === 'late-with-next') {
      await escalate(input.orgId, input.actionId, 'timeout', now, action.step);
      continue;
    }
    if (refusal === 'late-last') await escalate(input.orgId, input.actionId, 'timeout', now, action.step);
    if (refusal !== 'retry') return reply(input, refusal === 'covered' ? 'covered' : 'expired', now);
  }
  return reply(input, 'expired', now);
}

/**
 * A counted accept, or its envelope repeated, is signalled unless someone else's accept was in the
 * row read before it was written (then it cannot be the first): the first accept's own answer always
 * signals, and a repeat of it signals again (decision 0087).
 */
async function signalAccept(input: AnswerInput, action: ActionItem): Promise<void> {
  if (input.answer !== 'accepted' || (action.firstAcceptBy && action.firstAcceptBy !== input.userId)) return;
  await actionAccepted.emit({ orgId: input.orgId, actionId: input.actionId, meta: (action.meta ?? {}) as ActionMeta });
}

type Refusal = 'covered' | 'expired' | 'late-with-next' | 'late-last' | 'retry';

/** Why the action row refused an answer, read after the refusal. */
export function refusalOf(action: Pick<ActionItem, 'state' | 'stepDeadline' | 'acceptedCount' | 'neededCount' | 'step' | 'recipientGroups'>, now: Date): Refusal {
  if (action.state === 'fulfilled' || (action.state === 'open' && isFulfilled(action))) return 'covered';
  if (action.state !== 'open') return 'expired';
  if (Date.parse(action.stepDeadline) <= now.getTime()) return hasNextGroup(action) ? 'late-with-next' : 'late-last';
  // Open and in time: the row changed between the write and the read (an escalation): try again.
  return 'retry';
}

/** The counted answer's consequences, judged on the row as it is now. */
async function afterCounted(input: AnswerInput, now: Date): Promise<void> {
  const action = await readAction(input.orgId, input.actionId);
  if (!action || action.state !== 'open') return;
  if (isFulfilled(action)) {
    if (await markFulfilled(input.orgId, input.actionId, now)) await onActionClosed(input.orgId, { ...action, state: 'fulfilled', closedAt: now.toISOString() }, 'covered', now);
    return;
  }
  if (input.answer !== 'declined') return;
  const decision = afterDecline(thresholdOf(action), action, hasNextGroup(action));
  if (decision === 'escalate') await escalate(input.orgId, input.actionId, 'early', now, action.step);
  else if (decision === 'reject') await rejectAction(input.orgId, action, now);
}

async function reply(input: AnswerInput, outcome: ActionAnswerOutcome, now: Date): Promise<ActionAnswerOutcome> {
  const data: ActionAnswerData = { kind: 'action', action_id: input.actionId, answer: input.answer, outcome };
  await publishToUsers(input.orgId, [input.userId], 'action_answer', data, [input.actionId, input.answer, outcome], now);
  return outcome;
}
