import type { RecipientType } from '@portal/shared/recipients/recipient.schema';
import { GroupMemberEntity } from '../tenancy/group-member.entity.ts';
import { MembershipEntity } from '../tenancy/membership.entity.ts';
import { peopleOf } from '../tenancy/person-roster.ts';
import { BATCH_GET_CONCURRENT, getEvery } from '../db/unprocessed.ts';

/**
 * Turns the recipients of one type within one recipient group into user ids. `at` is the send
 * time: shift activity types resolve to whoever works that activity then (AP69).
 */
export type RecipientResolver = (orgId: string, ids: string[], context: { at: Date }) => Promise<string[]>;

/** Everyone means every person of the organisation (device users get no messages): the roster. */
const everyone: RecipientResolver = (orgId) => peopleOf(orgId);

// AP9 in one BatchGet: a user counts only while a member of the organisation.
const users: RecipientResolver = async (orgId, ids) => {
  if (ids.length === 0) return [];
  const keys = [...new Set(ids)].map((userId) => ({ orgId, userId }));
  const members = new Set((await getEvery(keys, (pending) => MembershipEntity.get(pending).go({ concurrent: BATCH_GET_CONCURRENT }), 'memberships of recipients')).map((m) => m.userId));
  return ids.filter((id) => members.has(id));
};

// AP21 per group; a group of another organisation has no rows under this one.
const userGroups: RecipientResolver = async (orgId, ids) => {
  const members = await Promise.all(
    ids.map(async (groupId) => (await GroupMemberEntity.query.byGroup({ orgId, groupId }).go({ pages: 'all' })).data.map((row) => row.userId)),
  );
  return members.flat();
};

// Until the shift planner stores shifts: it registers its own resolver (AP69) at load time.
const noShiftsYet: RecipientResolver = async () => [];

const registry = new Map<RecipientType, RecipientResolver>([
  ['everyone', everyone],
  ['user', users],
  ['user_group', userGroups],
  ['shift_activity_type', noShiftsYet],
]);

/** Plugs in (or replaces) the resolver of a recipient type, e.g. the shift planner's for shift_activity_type. */
export function registerRecipientResolver(type: RecipientType, resolver: RecipientResolver): void {
  registry.set(type, resolver);
}

export function recipientResolver(type: RecipientType): RecipientResolver {
  return registry.get(type) ?? noShiftsYet;
}
