import { Entity } from 'electrodb';
import { entityConfig } from '../db/client.ts';
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
        pk: { field: 'pk', composite: ['orgId'], template: 'ORG#${orgId}', casing: 'none' },
        sk: { field: 'sk', composite: ['emailKey'], template: 'EMAIL#${emailKey}', casing: 'none' },
      },
    },
  },
  entityConfig(),
));

export const emailKey = (email: string) => email.trim().toLowerCase();
