import { Entity } from 'electrodb';
import { ROLES } from '@portal/shared/tenancy/roles';
import { entityConfig } from '../db/client.ts';
import { attr, key, orgKey } from '../db/keys.ts';
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
        pk: orgKey('pk'),
        sk: key('sk', 'MEMBER', attr('userId')),
      },
      byUser: {
        index: 'gsi1',
        pk: key('gsi1pk', 'USER', attr('userId')),
        sk: key('gsi1sk', 'MEMBER', attr('orgId')),
      },
    },
  },
  entityConfig(),
));
