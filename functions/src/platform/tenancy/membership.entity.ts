import { Entity } from 'electrodb';
import { ROLES } from '@portal/shared/tenancy/roles';
import { entityConfig } from '../db/client.ts';
import { lazy } from '../db/lazy.ts';

/**
 * A user's place in one organisation. Keyed under the organisation (list its members) and,
 * through gsi1, under the user (the pre-token trigger and `GET /api/organizations` list a user's
 * organisations with one Query). A user may belong to several organisations.
 */
export const MembershipEntity = lazy(() => new Entity(
  {
    model: { entity: 'membership', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      userId: { type: 'string', required: true, readOnly: true },
      roles: { type: 'set', items: ROLES, required: true },
      /** The access level the roles were derived from (shared/src/users/access-levels.ts). */
      accessLevel: { type: 'string' },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    },
    indexes: {
      byOrg: {
        pk: { field: 'pk', composite: ['orgId'], template: 'ORG#${orgId}', casing: 'none' },
        sk: { field: 'sk', composite: ['userId'], template: 'MEMBER#${userId}', casing: 'none' },
      },
      byUser: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['orgId'], template: 'MEMBER#${orgId}', casing: 'none' },
      },
    },
  },
  entityConfig(),
));
