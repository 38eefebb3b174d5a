import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';

/**
 * GROUP rows one fact may add to, so that a refresh fits the kit's one transaction (100 items; an
 * action may name 10 × 500 recipients): the old and the new fact's rows may all differ (an action's
 * asking job fixed another first step), 2 × 45 GROUP rows + 6 others (ALL, TEMPLATE, TRIGGER, HOUR,
 * the old and new LEVEL) + 2 anchors = 98. Entries past it are counted together as `other:*`.
 */
export const MAX_GROUP_ROWS = 45;

/**
 * "Group reached" (decision 0087): each recipient entry of the groups asked (`groups[first..last]`;
 * an action's first step to its current one, a notification's every group), once per item, so one
 * sent to two groups counts in both. People named one by one are one row, `user:*`: a row per person
 * would grow with the staff, and the by-person view is the tasks'.
 */
export function groupsReached(groups: readonly RecipientGroup[], first: number, last: number): string[] {
  const values = new Set<string>();
  for (const group of groups.slice(first, last + 1)) {
    for (const recipient of group.recipients ?? []) values.add(recipient.type === 'user' ? 'user:*' : `${recipient.type}:${recipient.id}`);
  }
  const sorted = [...values].sort();
  return sorted.length > MAX_GROUP_ROWS ? [...sorted.slice(0, MAX_GROUP_ROWS - 1), 'other:*'] : sorted;
}
