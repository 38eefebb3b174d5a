import type { ActionConfig } from '@portal/shared/actions/action.schema';

/** Why an action closed (closing.ts). */
export type ClosedAs = 'covered' | 'expired' | 'rejected' | 'withdrawn';

export interface Feedback {
  outcome: 'accepted' | 'rejected';
  text: string;
}

type FeedbackConfig = Pick<
  ActionConfig,
  'send_feedback' | 'acceptance_feedback' | 'rejection_feedback' | 'acceptance_feedback_content' | 'rejection_feedback_content' | 'exclude_creator' | 'respond_to_creator'
>;

/**
 * The feedback of spec 000 §3 for how an action closed: the acceptance content when it was
 * fulfilled and acceptance feedback is on; the rejection content when it expired or was rejected
 * and rejection feedback is on; nothing for a withdrawn one (its creator withdrew it).
 */
export function feedbackOf(config: FeedbackConfig, closedAs: ClosedAs): Feedback | null {
  if (!config.send_feedback) return null;
  if (closedAs === 'covered' && config.acceptance_feedback && config.acceptance_feedback_content) return { outcome: 'accepted', text: config.acceptance_feedback_content };
  if ((closedAs === 'expired' || closedAs === 'rejected') && config.rejection_feedback && config.rejection_feedback_content) {
    return { outcome: 'rejected', text: config.rejection_feedback_content };
  }
  return null;
}

/**
 * Who gets the feedback: the users of the feedback recipient groups, less the creator when
 * exclude_creator; the creator when respond_to_creator (so a creator excluded from the groups
 * still hears the outcome).
 */
export function feedbackRecipients(config: FeedbackConfig, groupUserIds: readonly string[], creatorId: string): string[] {
  const users = new Set(groupUserIds);
  if (config.exclude_creator) users.delete(creatorId);
  if (config.respond_to_creator) users.add(creatorId);
  return [...users];
}
