import type { ActionClosedData, ActionClosedReason, ActionFeedbackData } from '@portal/shared/devices/action-messages';
import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { logger } from '../platform/logger.ts';
import { resolveRecipients } from '../users/public.ts';
import type { ActionItem } from './action.entity.ts';
import { isUnanswered } from './action-status.ts';
import { publishToUsers } from './downlink.ts';
import { feedbackOf, feedbackRecipients, type ClosedAs } from './feedback-plan.ts';
import { askedRows } from './recipients.repository.ts';
import { cancelStepTimeout } from './step-timeout.ts';

/** Why an action closed, as the watches are told (docs/device-protocol.md §5) and the feedback chosen. */
export type ClosingReason = ClosedAs;

/** What the watch is told: an expired and a rejected action are both over unmet. */
const withdrawalReason = (reason: ClosingReason): ActionClosedReason => (reason === 'rejected' ? 'expired' : reason);

/**
 * Runs once after an action left `open` (its state is already written, by the one writer whose
 * conditional write closed it): the step's schedule (a long step's) is deleted, the prompt withdrawn from every
 * asked user who has not answered, then the feedback sent. The delete of an open action
 * (actions.service.ts) calls it with 'withdrawn' before its rows are removed.
 */
export async function onActionClosed(orgId: string, action: ActionItem, reason: ClosingReason, now = new Date()): Promise<void> {
  await cancelStepTimeout(action).catch((error: unknown) =>
    logger.warn('Step schedule not cancelled', { actionId: action.actionId, error: (error as Error).message }),
  );
  const rows = await askedRows(orgId, action.actionId, action.recipientShards, action.step);
  const unanswered = rows.filter((row) => row.row === 'USER' && isUnanswered(row)).map((row) => row.userId);
  const closed: ActionClosedData = { kind: 'action', action_id: action.actionId, reason: withdrawalReason(reason) };
  await publishToUsers(orgId, unanswered, 'action_closed', closed, [action.actionId], now);

  const config = action.config as Parameters<typeof feedbackOf>[0] & { feedback_recipient_groups?: RecipientGroup[] };
  const feedback = feedbackOf(config, reason);
  if (!feedback) return;
  const groups = config.feedback_recipient_groups ?? [];
  const resolved = groups.length ? await resolveRecipients(orgId, groups, { at: now }) : { recipients: [] };
  const recipients = feedbackRecipients(
    config,
    resolved.recipients.map((r) => r.userId),
    action.createdBy,
  );
  const data: ActionFeedbackData = { kind: 'action', action_id: action.actionId, ...feedback };
  await publishToUsers(orgId, recipients, 'action_feedback', data, [action.actionId, feedback.outcome], now);
}
