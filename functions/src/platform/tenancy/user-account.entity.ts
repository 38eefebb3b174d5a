import { Entity } from 'electrodb';
import { entityConfig } from '../db/client.ts';
import { attr, key } from '../db/keys.ts';
import { lazy } from '../db/lazy.ts';

/**
 * The person behind a sign-in, across organisations: keyed by the Cognito sub alone (one of the
 * documented non-org keys), because a user pending an identity-provider migration is so in every
 * organisation (spec 001 §3 auth data: userId, isPendingEntraIdMigration).
 */
export const UserAccountEntity = lazy(() => new Entity(
  {
    model: { entity: 'userAccount', version: '1', service: 'portal' },
    attributes: {
      userId: { type: 'string', required: true, readOnly: true },
      email: { type: 'string', required: true },
      firstname: { type: 'string' },
      lastname: { type: 'string' },
      isPendingEntraIdMigration: { type: 'boolean', default: false },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    },
    indexes: {
      byUser: {
        pk: key('pk', 'USER', attr('userId')),
        sk: key('sk', 'ACCOUNT'),
      },
    },
  },
  entityConfig(),
));
