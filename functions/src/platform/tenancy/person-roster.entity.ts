import { Entity } from 'electrodb';
import { entityConfig } from '../db/client.ts';
import { attr, key, orgKey } from '../db/keys.ts';
import { lazy } from '../db/lazy.ts';
import { fnv1a32 } from '../delivery/shards.ts';

/**
 * The ids of an organisation's people (not device users), in 16 small items. "Everyone" is the
 * most common recipient and resolving it must not gate the first publish on reading thousands of
 * profiles: 16 GetItems of ~12 KB at 5,000 people instead of a 2 MB Query. Ids are added and
 * removed with DynamoDB's atomic set ADD/DELETE in the same transaction as the profile; a shard
 * holds ~10,000 ids before the 400 KB item limit, so 160,000 people per organisation.
 */
export const ROSTER_SHARDS = 16;

export const rosterShardOf = (userId: string) => fnv1a32(userId) % ROSTER_SHARDS;

export const PersonRosterEntity = lazy(() => new Entity(
  {
    model: { entity: 'personRoster', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      shard: { type: 'number', required: true, readOnly: true },
      userIds: { type: 'set', items: 'string' },
    },
    indexes: {
      byShard: {
        pk: orgKey('pk'),
        sk: key('sk', 'ROSTER', 'PERSON', attr('shard')),
      },
    },
  },
  entityConfig(),
));
