import { PersonRosterEntity, ROSTER_SHARDS, rosterShardOf } from './person-roster.entity.ts';
import { getEvery } from '../db/unprocessed.ts';

/** The roster item a person's id lives in (transactions ADD or DELETE it there). */
export const rosterKey = (orgId: string, userId: string) => ({ orgId, shard: rosterShardOf(userId) });

/** Every person of the organisation: all shards in one BatchGet. */
export async function peopleOf(orgId: string): Promise<string[]> {
  const keys = Array.from({ length: ROSTER_SHARDS }, (_, shard) => ({ orgId, shard }));
  const data = await getEvery(keys, (pending) => PersonRosterEntity.get(pending).go(), 'roster shards');
  return data.flatMap((row) => [...(row.userIds ?? [])]);
}
