import { Entity } from 'electrodb';
import { entityConfig } from '../db/client.ts';
import { attr, key, orgKey } from '../db/keys.ts';
import { lazy } from '../db/lazy.ts';

/**
 * One row per email per organisation, written with `attribute_not_exists` in the same transaction
 * as the user: the same email cannot be taken twice in one organisation (409).
 */
export const UserEmailEntity = lazy(() => new Entity(
  {
    model: { entity: 'userEmail', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      /** Lower-cased, trimmed email. */
      emailKey: { type: 'string', required: true, readOnly: true },
      userId: { type: 'string', required: true },
    },
    indexes: {
      byEmail: {
        pk: orgKey('pk'),
        sk: key('sk', 'EMAIL', attr('emailKey')),
      },
    },
  },
  entityConfig(),
));

export const emailKey = (email: string) => email.trim().toLowerCase();
