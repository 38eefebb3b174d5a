import { Entity } from 'electrodb';
import { EVERYONE_GROUP_ID } from '@portal/shared/users/everyone-group';
import { entityConfig } from '../db/client.ts';
import { attr, key, orgKey } from '../db/keys.ts';
import { lazy } from '../db/lazy.ts';

export { EVERYONE_GROUP_ID };
export const groupRank = (type: 'everyone' | 'other') => (type === 'everyone' ? '0' : '1');

/**
 * A user group (spec 001 §3). gsi1 sorts an organisation's groups with the everyone group first
 * (rank 0, every other group rank 1), then by name.
 */
export const UserGroupEntity = lazy(() => new Entity(
  {
    model: { entity: 'userGroup', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      groupId: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      color: { type: 'string', required: true },
      type: { type: ['everyone', 'other'] as const, required: true, readOnly: true },
      /** '0' for the everyone group, '1' for the others: see `groupRank`. */
      rank: { type: 'string', required: true },
      nameKey: { type: 'string', required: true },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: orgKey('pk'),
        sk: key('sk', 'GROUP', attr('groupId')),
      },
      byRank: {
        index: 'gsi1',
        pk: orgKey('gsi1pk', 'GROUPS'),
        sk: key('gsi1sk', attr('rank'), attr('nameKey'), attr('groupId')),
      },
    },
  },
  entityConfig(),
));
