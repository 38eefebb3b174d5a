import { Service } from 'electrodb';
import type { ActionResponse, ActionState } from '@portal/shared/actions/action.schema';
import type { ActionAnswer } from '@portal/shared/devices/action-messages';
import { entityConfig } from '../platform/db/client.ts';
import { conditionalWrite } from '../platform/db/conditional-write.ts';
import { lazy } from '../platform/db/lazy.ts';
import { committed, rejectedAt, retryOnConflict } from '../platform/db/transaction.ts';
import { shardOf } from '../platform/delivery/shards.ts';
import { UplinkMessageEntity, uplinkExpiry } from '../platform/delivery/uplink-message.entity.ts';
import { ActionRecipientEntity } from './action-recipient.entity.ts';
import { ActionEntity, type ActionItem } from './action.entity.ts';

/**
 * The writes of the escalation invariant (docs/decisions, action escalation): the action row is the
 * one serialisation point, and every accept, decline, escalation and close is ONE conditional write
 * on it. An answer is a transaction with the recipient's row (and the uplink envelope's dedupe
 * marker, AP82), so exactly N accepts count whatever arrives at once.
 */
const answers = lazy(() => new Service({ action: ActionEntity, recipient: ActionRecipientEntity, uplink: UplinkMessageEntity }, entityConfig()));

/** Many watches answering one action at once conflict on its row: more attempts than the kit's default. */
const ANSWER_ATTEMPTS = 12;

export interface AnswerWrite {
  orgId: string;
  actionId: string;
  shards: number;
  userId: string;
  answer: ActionAnswer;
  /** The group that asks the user (their USER row's): it counts only once the action has reached it. */
  groupNumber: number;
  /** Their USER row's response as read: an answer from not-available takes them off not_available_count. */
  previous?: 'no-response' | 'not-available' | undefined;
  /** When it was answered (the device's time, never after `now`). */
  at: string;
  /** The uplink envelope that carried it: a repeat of it changes nothing. */
  envelope?: { senderKind: 'DEVICE' | 'USER'; senderId: string; messageId: string };
}

/**
 * counted: the answer is in. duplicate: the envelope was handled before. answered: the user has no
 * open USER row (answered already, or never asked). refused: the action row's condition failed
 * (closed, past its step's deadline, or for an accept every place taken); the caller reads why.
 */
export type AnswerWriteResult = 'counted' | 'duplicate' | 'answered' | 'refused';

export async function writeAnswer(write: AnswerWrite, now: Date): Promise<AnswerWriteResult> {
  const { orgId, actionId, userId } = write;
  const nowIso = now.toISOString();
  const recipientKey = { orgId, actionId, shard: shardOf(userId, write.shards), row: 'USER' as const, userId };
  const result = await retryOnConflict(
    () =>
      answers.transaction
        .write(({ action, recipient, uplink }) => [
          recipient
            .patch(recipientKey)
            .set({ response: write.answer, answeredAt: write.at })
            // The response as read, when known: the not-available count moves only with the row it counts.
            .where((attr, op) => (write.previous ? op.eq(attr.response, write.previous as ActionResponse) : `${op.eq(attr.response, 'no-response')} OR ${op.eq(attr.response, 'not-available')}`))
            .commit(),
          action
            .patch({ orgId, actionId })
            .data((attr, op) => {
              op.add(write.answer === 'accepted' ? attr.acceptedCount : attr.declinedCount, 1);
              op.ifNotExists(attr.firstAnswerAt, write.at);
              if (write.answer === 'accepted') {
                op.ifNotExists(attr.firstAcceptAt, write.at);
                op.ifNotExists(attr.firstAcceptBy, write.userId);
              }
              if (write.previous === 'not-available') op.add(attr.notAvailableCount, -1);
            })
            .where((attr, op) => {
              const open = `${op.eq(attr.state, 'open')} AND ${op.gt(attr.stepDeadline, nowIso)} AND ${op.gte(attr.step, write.groupNumber)}`;
              return write.answer === 'accepted' ? `${open} AND ${op.name(attr.acceptedCount)} < ${op.name(attr.neededCount)}` : open;
            })
            .commit(),
          ...(write.envelope
            ? [uplink.create({ orgId, senderKind: write.envelope.senderKind, senderId: write.envelope.senderId, messageId: write.envelope.messageId, expiresAt: uplinkExpiry(now) }).commit()]
            : []),
        ])
        .go(),
    ANSWER_ATTEMPTS,
  );
  if (write.envelope && rejectedAt(result, 2)) return 'duplicate';
  if (rejectedAt(result, 0)) return 'answered';
  if (rejectedAt(result, 1)) return 'refused';
  committed(result);
  return 'counted';
}

/** The recipient's USER row (consistent): the group that asks them, and their response so far. */
export async function recipientRow(orgId: string, actionId: string, shards: number, userId: string) {
  const { data } = await ActionRecipientEntity.get({ orgId, actionId, shard: shardOf(userId, shards), row: 'USER', userId }).go({ consistent: true });
  return data ? { groupNumber: data.groupNumber ?? 0, response: data.response } : undefined;
}

/** The action row, read strongly: every rule after a write reads what that write left. */
export async function readAction(orgId: string, actionId: string) {
  return (await ActionEntity.get({ orgId, actionId }).go({ consistent: true })).data;
}

/** open → fulfilled once enough accepts are in: whoever sees it first closes it, once. */
export async function markFulfilled(orgId: string, actionId: string, now: Date): Promise<boolean> {
  return conditionalWrite(() =>
    ActionEntity.patch({ orgId, actionId })
      .set({ state: 'fulfilled', closedAt: now.toISOString() })
      .where((attr, op) => `${op.eq(attr.state, 'open')} AND ${op.name(attr.acceptedCount)} >= ${op.name(attr.neededCount)}`)
      .go(),
  );
}

/** open → rejected when declines made the threshold impossible with no group left to ask (or under All). */
export async function markRejected(orgId: string, actionId: string, now: Date): Promise<boolean> {
  return conditionalWrite(() =>
    ActionEntity.patch({ orgId, actionId })
      .set({ state: 'rejected', closedAt: now.toISOString() })
      .where((attr, op) => `${op.eq(attr.state, 'open')} AND ${op.name(attr.acceptedCount)} < ${op.name(attr.neededCount)}`)
      .go(),
  );
}

export interface StepWrite {
  orgId: string;
  actionId: string;
  /** The step the caller planned from; the write is refused once another moved on. */
  expectedStep: number;
  /** A time-out acts only after the step's deadline, checked by DynamoDB against `now`. */
  timeout: boolean;
  now: Date;
}

/**
 * Asks the next group: `step` advances by one with a new deadline, and the counters grow by the
 * users newly asked (All needs each of them). One escalation per step, none after fulfilment.
 */
export async function advanceStep(write: StepWrite & { deadline: Date; newRecipients: number; addNeeded: number; scheduleId: string }): Promise<boolean> {
  return conditionalWrite(() =>
    ActionEntity.patch({ orgId: write.orgId, actionId: write.actionId })
      .data((attr, op) => {
        op.set(attr.step, write.expectedStep + 1);
        op.set(attr.stepDeadline, write.deadline.toISOString());
        op.set(attr.scheduleId, write.scheduleId);
        op.set(attr.timingSince, write.now.toISOString());
        op.add(attr.recipientCount, write.newRecipients);
        if (write.addNeeded) op.add(attr.neededCount, write.addNeeded);
      })
      .where((attr, op) => stepCondition(attr, op, write))
      .go(),
  );
}

/** The last step timed out unmet: open → expired, under the same conditions as an escalation. */
export async function markExpired(write: StepWrite): Promise<boolean> {
  return conditionalWrite(() =>
    ActionEntity.patch({ orgId: write.orgId, actionId: write.actionId })
      .set({ state: 'expired' satisfies ActionState, closedAt: write.now.toISOString() })
      .where((attr, op) => stepCondition(attr, op, write))
      .go(),
  );
}

type StepWhere = Parameters<ReturnType<ReturnType<typeof ActionEntity.patch>['set']>['where']>[0];
type StepAttrs = Parameters<StepWhere>[0];
type StepOps = Parameters<StepWhere>[1];

function stepCondition(attr: StepAttrs, op: StepOps, write: StepWrite): string {
  const base = `${op.eq(attr.state, 'open')} AND ${op.eq(attr.step, write.expectedStep)} AND ${op.name(attr.acceptedCount)} < ${op.name(attr.neededCount)}`;
  return write.timeout ? `${base} AND ${op.lte(attr.stepDeadline, write.now.toISOString())}` : base;
}

/**
 * The first step's asking begins (decision 0076): its deadline, counters (the rows just written, for
 * its group and before) and step as the asking job found them (`first_step` too: the step asked first), on an action still open and not yet
 * asked at the step it was stored at (`expectedStep`). A copy of the job after the mark, or after a
 * withdrawal, loses it and asks nothing.
 */
export async function startFirstStep(next: Pick<ActionItem, 'orgId' | 'actionId' | 'step' | 'stepDeadline' | 'recipientCount' | 'neededCount' | 'timingSince'>, expectedStep: number): Promise<boolean> {
  return conditionalWrite(() =>
    ActionEntity.patch({ orgId: next.orgId, actionId: next.actionId })
      .set({ step: next.step, firstStep: next.step, stepDeadline: next.stepDeadline, recipientCount: next.recipientCount, neededCount: next.neededCount, timedStep: next.step - 1, timingSince: next.timingSince! })
      .where((attr, op) => `${op.eq(attr.state, 'open')} AND ${op.eq(attr.step, expectedStep)} AND ${op.lt(attr.timedStep, expectedStep)}`)
      .go(),
  );
}

/**
 * `step`'s timer and prompts are queued (decision 0073): the escalation that won the step's write
 * queues them after it, so one cut off in between leaves the step untimed, and this mark tells a
 * stale timer that the step is in hand. Only ever raised: a late mark of an earlier step changes nothing.
 */
export async function markStepTimed(orgId: string, actionId: string, step: number): Promise<boolean> {
  return conditionalWrite(() =>
    ActionEntity.patch({ orgId, actionId })
      .set({ timedStep: step })
      .where((attr, op) => `${op.lt(attr.timedStep, step)}`)
      .go(),
  );
}

/**
 * Takes over the timing of `step` from whoever began it more than `graceSeconds` before `now` and has
 * not marked it: true for exactly one caller per grace, so two stale timers at once re-time it once.
 */
export async function claimStepTiming(orgId: string, actionId: string, step: number, now: Date, graceSeconds: number): Promise<boolean> {
  const before = new Date(now.getTime() - graceSeconds * 1000).toISOString();
  return conditionalWrite(() =>
    ActionEntity.patch({ orgId, actionId })
      .set({ timingSince: now.toISOString() })
      .where((attr, op) => `${op.eq(attr.state, 'open')} AND ${op.eq(attr.step, step)} AND ${op.lt(attr.timedStep, step)} AND ${op.lte(attr.timingSince, before)}`)
      .go(),
  );
}
