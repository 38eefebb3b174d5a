import { Entity } from 'electrodb';
import { entityConfig } from '../db/client.ts';
import { attr, key, orgKey } from '../db/keys.ts';
import { lazy } from '../db/lazy.ts';

/**
 * Group membership in both directions: a group's members (its own partition, so a group of
 * thousands never touches the organisation's partition) and, through gsi1, a user's groups.
 */
export const GroupMemberEntity = lazy(() => new Entity(
  {
    model: { entity: 'groupMember', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      groupId: { type: 'string', required: true, readOnly: true },
      userId: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byGroup: {
        pk: orgKey('pk', 'GROUP', attr('groupId')),
        sk: key('sk', 'USER', attr('userId')),
      },
      byUser: {
        index: 'gsi1',
        pk: orgKey('gsi1pk', 'USER', attr('userId'), 'GROUPS'),
        sk: key('gsi1sk', 'GROUP', attr('groupId')),
      },
    },
  },
  entityConfig(),
));
