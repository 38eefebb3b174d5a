import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import type { ResolvedRecipient } from '../platform/recipients/resolve-recipients.ts';

/**
 * recipient_groups as an action stores them: groups without a recipient dropped (spec 000 §5), the
 * rest in their order, numbered 0..n-1 (the escalation asks group `step + 1` next).
 */
export function renumberedGroups(groups: readonly RecipientGroup[]): RecipientGroup[] {
  return [...groups]
    .filter((group) => group.recipients.length > 0)
    .sort((a, b) => a.group_number - b.group_number)
    .map((group, index) => ({ group_number: index, recipients: group.recipients }));
}

export interface FirstStep {
  /** The first group that resolves to at least one user (0 unless group 0 names only nobody, e.g. an empty user group). */
  step: number;
  /** The users it asks, each once. */
  userIds: string[];
  /** The later groups' users, each with the first group naming them: staged at the send, asked by the escalation. */
  later: Array<{ userId: string; groupNumber: number }>;
  /** Everyone the groups name at the send, for the shard count. */
  total: number;
}

/**
 * The first step of a send from the resolved recipients (each user with the first group naming
 * them), less the creator when `exclude_creator`, and the later groups' users. The groups are
 * resolved once, at the send, as a notification's are. Null when nobody is left in any group.
 */
export function firstStep(recipients: readonly ResolvedRecipient[], excludedUserId: string | null): FirstStep | null {
  const asked = recipients.filter((r) => r.userId !== excludedUserId);
  if (!asked.length) return null;
  const step = Math.min(...asked.map((r) => r.groupNumber));
  return {
    step,
    userIds: asked.filter((r) => r.groupNumber === step).map((r) => r.userId),
    later: asked.filter((r) => r.groupNumber > step).map(({ userId, groupNumber }) => ({ userId, groupNumber })),
    total: asked.length,
  };
}
