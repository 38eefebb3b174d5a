import { assertOwnedIds, recipientRefs } from '../platform/tenancy/owned-ids.ts';
import { listGroups, memberIds, memberNames } from './user-groups.repository.ts';
import { triggerMenuGroupIds } from './users.repository.ts';

/**
 * The users module's one public way in (decision 0014): what other modules (devices and
 * notifications today; actions, tasks and the shift planner next) may ask about the organisation's
 * users, groups and recipients. Other modules import this file only, never the module's services
 * or repositories, and never the tenancy entities behind them.
 */

export { resolveRecipients, type ResolvedRecipient, type ResolvedRecipients } from '../platform/recipients/resolve-recipients.ts';

/**
 * Users exist: refuses unless every id names a user of the organisation, with a 400 on `field`
 * (`message`, or `Unknown user in <field>: <id>`; docs/security.md, "Ids in request bodies").
 */
export async function assertUsers(orgId: string, field: string, ids: ReadonlyArray<string | null | undefined>, message?: string): Promise<void> {
  await assertOwnedIds(orgId, [{ field, kind: 'user', ids, ...(message ? { message } : {}) }]);
}

/**
 * Refuses unless every user, user group and shift activity a `recipient_groups` value names is the organisation's
 * (a value not shaped as recipient groups is refused on `field` too).
 */
export async function assertRecipients(orgId: string, field: string, recipientGroups: unknown): Promise<void> {
  await assertOwnedIds(orgId, recipientRefs(field, recipientGroups));
}

/** Names by ids (AP17), in the order given; ids that name no user of the organisation are left out. */
export const userNames: (orgId: string, userIds: string[]) => Promise<Array<{ id: string; firstname: string; lastname: string }>> = memberNames;

/** The members of a user group (AP21); none for a group of another organisation. */
export const groupMembers: (orgId: string, groupId: string) => Promise<string[]> = memberIds;

/**
 * The trigger group each user chose as their trigger menu (`trigger_menus_default_trigger_group_id`),
 * by user id; users without one (or of another organisation) are left out. Whether the menu is
 * offered at all is the settings' rule (devices' config messages, the watch's menu, button presses).
 */
export const triggerMenuGroupsOf: (orgId: string, userIds: string[]) => Promise<Map<string, string>> = triggerMenuGroupIds;

/** A user chose another trigger menu: their watch's config message carries it, so device-config listens (decision 0064). */
export { triggerMenuChoiceChanged } from './users-signals.ts';

/** Every user group's name by id, `everyone` too (AP19): the reports name their group rows with them. */
export async function groupNames(orgId: string): Promise<Map<string, string>> {
  return new Map((await listGroups(orgId)).map((group) => [group.groupId, group.name]));
}
