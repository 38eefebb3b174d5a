import type { RecipientGroup, RecipientType } from '@portal/shared/recipients/recipient.schema';
import { recipientResolver, type RecipientResolver } from './recipient-resolvers.ts';

export { registerRecipientResolver, type RecipientResolver } from './recipient-resolvers.ts';

export interface ResolvedRecipient {
  userId: string;
  /** The first recipient group the user was found in. */
  groupNumber: number;
}

export interface ResolvedRecipients {
  /** Every user once, with the first group they are in, in order of appearance. */
  recipients: ResolvedRecipient[];
  /** Distinct users per recipient group (a user may be in several). */
  groups: Array<{ group_number: number; user_ids: string[] }>;
  /** The spec's resolved_recipient_groups: each user once, as a `user` recipient of their first group. */
  resolved_recipient_groups: RecipientGroup[];
}

export interface ResolveOptions {
  /** When the message is sent (recipients are resolved then, not when it was scheduled). */
  at: Date;
  /** For tests: resolvers by type instead of the registry's. */
  resolvers?: Partial<Record<RecipientType, RecipientResolver>>;
}

/** recipient_groups (everyone, users, user groups, shift activity types) to distinct user ids. */
export async function resolveRecipients(orgId: string, groups: readonly RecipientGroup[], options: ResolveOptions): Promise<ResolvedRecipients> {
  const resolverOf = (type: RecipientType) => options.resolvers?.[type] ?? recipientResolver(type);
  let everyone: Promise<string[]> | undefined;
  const resolveType = (type: RecipientType, ids: string[]) => {
    // Everyone is the same in every group: read once.
    if (type === 'everyone') return (everyone ??= resolverOf('everyone')(orgId, [], { at: options.at }));
    return resolverOf(type)(orgId, [...new Set(ids)], { at: options.at });
  };

  const ordered = [...groups].sort((a, b) => a.group_number - b.group_number);
  const perGroup = await Promise.all(
    ordered.map(async (group) => {
      const byType = new Map<RecipientType, string[]>();
      for (const r of group.recipients) byType.set(r.type, [...(byType.get(r.type) ?? []), r.id]);
      const found = await Promise.all([...byType].map(([type, ids]) => resolveType(type, ids)));
      return { group_number: group.group_number, user_ids: [...new Set(found.flat())] };
    }),
  );

  const seen = new Set<string>();
  const recipients: ResolvedRecipient[] = [];
  const firstGroups = new Map<number, string[]>();
  for (const group of perGroup) {
    for (const userId of group.user_ids) {
      if (seen.has(userId)) continue;
      seen.add(userId);
      recipients.push({ userId, groupNumber: group.group_number });
      const first = firstGroups.get(group.group_number);
      if (first) first.push(userId);
      else firstGroups.set(group.group_number, [userId]);
    }
  }
  return {
    recipients,
    groups: perGroup,
    resolved_recipient_groups: resolvedGroups(perGroup.map((g) => ({ group_number: g.group_number, user_ids: firstGroups.get(g.group_number) ?? [] }))),
  };
}

/** Users per group as the spec's recipient groups of `user` recipients. */
export function resolvedGroups(groups: Array<{ group_number: number; user_ids: string[] }>): RecipientGroup[] {
  return groups.map((g) => ({ group_number: g.group_number, recipients: g.user_ids.map((id) => ({ id, type: 'user' as const })) }));
}
