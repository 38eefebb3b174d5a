import type { RecipientOptions } from '@portal/shared/recipients/recipient.schema';
import { activityTypeOptions } from '../shifts/public.ts';
import { listGroups } from './user-groups.repository.ts';
import { personNames } from './users.repository.ts';

/**
 * AP18 + AP19: what the recipient picker offers. People only (device users get no messages); the
 * names are projected so thousands of users stay one or two pages; plus the shift activity types
 * (AP66), which resolve to whoever is on that activity when a message goes out.
 */
export async function listRecipientOptions(orgId: string): Promise<RecipientOptions> {
  const [people, groups, shifts] = await Promise.all([personNames(orgId), listGroups(orgId), activityTypeOptions(orgId)]);
  return {
    users: people.map((u) => ({ id: u.userId, firstname: u.firstname, lastname: u.lastname })),
    user_groups: groups.map((g) => ({ id: g.groupId, name: g.name, color: g.color, type: g.type })),
    shifts,
  };
}
