import { Entity } from 'electrodb';
import { entityConfig } from '../db/client.ts';
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
        pk: { field: 'pk', composite: ['orgId', 'groupId'], template: 'ORG#${orgId}#GROUP#${groupId}', casing: 'none' },
        sk: { field: 'sk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
      },
      byUser: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['orgId', 'userId'], template: 'ORG#${orgId}#USER#${userId}#GROUPS', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['groupId'], template: 'GROUP#${groupId}', casing: 'none' },
      },
    },
  },
  entityConfig(),
));
