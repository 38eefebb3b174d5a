import { PersonRosterEntity, ROSTER_SHARDS, rosterShardOf } from './person-roster.entity.ts';

/** The roster item a person's id lives in (transactions ADD or DELETE it there). */
export const rosterKey = (orgId: string, userId: string) => ({ orgId, shard: rosterShardOf(userId) });

/** Every person of the organisation: all shards in one BatchGet. */
export async function peopleOf(orgId: string): Promise<string[]> {
  const keys = Array.from({ length: ROSTER_SHARDS }, (_, shard) => ({ orgId, shard }));
  const { data } = await PersonRosterEntity.get(keys).go();
  return data.flatMap((row) => [...(row.userIds ?? [])]);
}
