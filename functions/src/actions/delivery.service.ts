import { ACTION_ANSWERS, type ActionMessageData } from '@portal/shared/devices/action-messages';
import { createEnvelope } from '@portal/shared/devices/topics';
import type { DeliveryKind, DeliveryMessage } from '../platform/delivery/delivery-consumer.ts';
import { enqueueDelivery } from '../platform/delivery/delivery-queue.ts';
import { messageIdFor } from '../platform/delivery/fan-out.ts';
import { topics } from '../platform/delivery/topics.ts';
import { presenceOfUsers } from '../devices/public.ts';
import type { ActionItem } from './action.entity.ts';
import { addNotAvailable, getAction } from './actions.repository.ts';
import { answerableUntil } from './escalation-plan.ts';
import { deliveredUserIds, deliveryRow, writeAskedRows, type AskedRecipient } from './recipients.repository.ts';

/** The kind actions register with the delivery consumer (delivery.handler.ts). */
export const ACTION_KIND = 'action';

/** The envelope id of the action to one user: the same on every redelivery, so the watch drops repeats. */
export const actionMessageId = (actionId: string, userId: string) => messageIdFor(ACTION_KIND, actionId, userId);

const text = (value: unknown) => (value as { text?: string } | undefined)?.text ?? '';

/**
 * The USER rows of users of a stored action (no-response, or not-available for a user with no
 * device and no watch-emulator connection when the action is sent), each with the group that asks
 * them. The send writes the first step's, queues its prompts, then stages every later group's, so
 * that an escalation has only to queue prompts (decision 0024) and write the rows of the users its
 * group's shift activities add at that step (decision 0034). Each user comes once, at the first
 * group that names them.
 */
export async function askRecipients(orgId: string, action: ActionItem, recipients: readonly { userId: string; groupNumber: number }[], now = new Date()): Promise<AskedRecipient[]> {
  if (!recipients.length) return [];
  const presence = await presenceOfUsers(
    orgId,
    recipients.map((r) => r.userId),
  );
  const asked: AskedRecipient[] = recipients.map(({ userId, groupNumber }) => {
    const seen = presence.get(userId);
    // An offline watch is reachable: the broker keeps the message for its session (decision 0026).
    const reachable = !seen || seen.has_device || seen.online;
    return { userId, groupNumber, response: reachable ? 'no-response' : 'not-available' };
  });
  await writeAskedRows(orgId, action.actionId, action.recipientShards, asked, now.toISOString());
  return asked;
}

/**
 * Queues the prompts of a step's users on the delivery queue. The caller has stored the action's
 * step and deadline (the delivery consumer reads them) and the users' rows. Each user's prompts are
 * queued once, when their step is asked, so that is when the not-available among them are counted
 * on the action row (the dashboard's count, decision 0036).
 */
export async function queuePrompts(orgId: string, action: ActionItem, asked: readonly AskedRecipient[]): Promise<void> {
  const notAvailable = asked.filter((r) => r.response === 'not-available').length;
  if (notAvailable) await addNotAvailable(orgId, action.actionId, notAvailable);
  if (asked.length) await enqueueDelivery(orgId, { module: 'actions', kind: ACTION_KIND, id: action.actionId }, asked);
}

/**
 * Queues a step's prompts again for a step whose escalation was cut off (decision 0073), to those of
 * `asked` whose prompt did not reach them yet. The not-available are not counted again: whether the
 * cut-off escalation counted them cannot be told, and a dashboard figure short is better than doubled.
 * Each user's envelope id is fixed, so a watch that has the prompt drops the repeat.
 */
export async function promptAgain(orgId: string, action: ActionItem, asked: readonly AskedRecipient[]): Promise<void> {
  const delivered = await deliveredUserIds(
    orgId,
    action.actionId,
    action.recipientShards,
    asked.map((r) => r.userId),
  );
  const left = asked.filter((r) => !delivered.has(r.userId));
  if (left.length) await enqueueDelivery(orgId, { module: 'actions', kind: ACTION_KIND, id: action.actionId }, left);
}

/** An open action as the delivery consumer publishes and records it. */
export function actionMessage(item: ActionItem): DeliveryMessage {
  const content = item.content as { title?: unknown; body?: unknown };
  const sentAt = new Date(item.sendTime);
  const deadline = answerableUntil(item);
  const dataFor = (step: number): ActionMessageData => ({
    kind: 'action',
    action_id: item.actionId,
    title: text(content.title),
    body: text(content.body),
    answers: [...ACTION_ANSWERS],
    step,
    deadline,
    sent_at: item.sendTime,
  });
  const shards = item.recipientShards;
  return {
    message: (r) => ({
      topic: topics.inbox(item.orgId, r.userId),
      payload: JSON.stringify(createEnvelope('action', dataFor(r.groupNumber), actionMessageId(item.actionId, r.userId), sentAt)),
    }),
    statusRow: (r, outcome) => deliveryRow(item.orgId, item.actionId, shards, r, outcome),
    delivered: (recipients) => deliveredUserIds(item.orgId, item.actionId, shards, recipients.map((r) => r.userId)),
  };
}

/**
 * Loads an action for the consumer. One deleted meanwhile, or closed (fulfilled, expired, rejected,
 * withdrawn) before its batch came, is not delivered: no watch should buzz for what nobody may
 * answer any more.
 */
export const actionDelivery: DeliveryKind = {
  async load(orgId, actionId) {
    const item = await getAction(orgId, actionId, { consistent: true });
    if (!item || item.state !== 'open') return null;
    return actionMessage(item);
  },
};
