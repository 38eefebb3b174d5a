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

const isActivity = (recipient: RecipientGroup['recipients'][number]) => recipient.type === 'shift_activity_type';

/** A group's shift activities: whoever is on them is found at the moment the group's step is asked (decision 0034). */
export const activitiesOf = (group: RecipientGroup | undefined): RecipientGroup['recipients'] => group?.recipients.filter(isActivity) ?? [];

/**
 * The groups as the send resolves them when it asks `firstStep`: the send is the moment of that
 * step and the ones before it (they name nobody now), so their activities resolve now; a later
 * group's activities are left to its step, its other recipients are staged now. The same array when
 * no later group names an activity.
 */
export function groupsAtSend(groups: RecipientGroup[], firstStep: number): RecipientGroup[] {
  if (!groups.some((g) => g.group_number > firstStep && g.recipients.some(isActivity))) return groups;
  return groups.map((g) => (g.group_number > firstStep ? { group_number: g.group_number, recipients: g.recipients.filter((r) => !isActivity(r)) } : g));
}

/**
 * Who a step's activities add at its moment: those on shift, each once, less users asked or staged
 * for an earlier or the same group and the excluded creator. A user staged for a later group is
 * asked now (each user at the first group that names them); their staged row becomes this group's.
 */
export function addedAtStep(onShift: readonly string[], rows: ReadonlyArray<{ userId: string; groupNumber?: number | null }>, step: number, excludedUserId: string | null): string[] {
  const known = new Set(rows.filter((r) => (r.groupNumber ?? 0) <= step).map((r) => r.userId));
  return [...new Set(onShift)].filter((userId) => userId !== excludedUserId && !known.has(userId));
}
