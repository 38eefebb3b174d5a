import { searchKey } from '@portal/shared/text/search-key';
import { withPageToken } from '../platform/db/paging.ts';
import { BATCH_GET_CONCURRENT, getEvery, untilProcessed } from '../platform/db/unprocessed.ts';
import { GroupMemberEntity } from '../platform/tenancy/group-member.entity.ts';
import { UserGroupEntity, groupRank } from '../platform/tenancy/user-group.entity.ts';
import { UserProfileEntity } from '../platform/tenancy/user-profile.entity.ts';

// AP19: everyone first (rank 0), then by name.
export async function listGroups(orgId: string) {
  return (await UserGroupEntity.query.byRank({ orgId }).go({ pages: 'all' })).data;
}

// AP20
export async function getGroup(orgId: string, groupId: string) {
  return (await UserGroupEntity.get({ orgId, groupId }).go()).data;
}

export async function insertGroup(orgId: string, groupId: string, fields: { name: string; color: string }) {
  await UserGroupEntity.create({ orgId, groupId, ...fields, type: 'other', rank: groupRank('other'), nameKey: searchKey(fields.name) }).go();
}

/** The sort key's composite (rank, nameKey) is written whole, as ElectroDB requires for gsi1. */
export async function patchGroup(orgId: string, groupId: string, type: 'everyone' | 'other', fields: { name: string; color: string }) {
  await UserGroupEntity.patch({ orgId, groupId })
    .set({ ...fields, rank: groupRank(type), nameKey: searchKey(fields.name) })
    .go();
}

export async function deleteGroupRow(orgId: string, groupId: string) {
  await UserGroupEntity.delete({ orgId, groupId }).go();
}

// AP17: members' names by BatchGet (ElectroDB splits into calls of 100), in the given order.
export async function memberNames(orgId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  const keys = [...new Set(userIds)].map((userId) => ({ orgId, userId }));
  const data = await getEvery(keys, (pending) => UserProfileEntity.get(pending).go({ attributes: ['userId', 'firstname', 'lastname'], concurrent: BATCH_GET_CONCURRENT }), 'user names');
  const byId = new Map(data.map((p) => [p.userId, { id: p.userId, firstname: p.firstname, lastname: p.lastname }]));
  return userIds.flatMap((id) => byId.get(id) ?? []);
}

// AP21: all members of a group.
export async function memberIds(orgId: string, groupId: string): Promise<string[]> {
  const { data } = await withPageToken(() => GroupMemberEntity.query.byGroup({ orgId, groupId }).go({ pages: 'all' }));
  return data.map((row) => row.userId);
}

type MemberKey = { orgId: string; groupId: string; userId: string };

/**
 * AP24: a group's members may exceed a transaction's 100 items, so they are batch-written;
 * what DynamoDB leaves unprocessed (ElectroDB hands back the keys) is retried with backoff until
 * nothing is left. Member rows consist of their key attributes only, so a key is the whole row.
 */
export async function changeMembers(orgId: string, groupId: string, add: string[], remove: string[]): Promise<void> {
  const rows = (ids: string[]) => ids.map((userId) => ({ orgId, groupId, userId }));
  await untilProcessed(rows(add), async (batch) => (await GroupMemberEntity.put(batch).go()).unprocessed as MemberKey[], 'group member rows');
  await untilProcessed(rows(remove), async (batch) => (await GroupMemberEntity.delete(batch).go()).unprocessed as MemberKey[], 'group member rows');
}

