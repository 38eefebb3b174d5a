import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * The tenant. Its partition `ORG#{orgId}` also holds its members and settings, so everything of
 * one organisation shares a key prefix; organisations are fetched by id (BatchGet for a user's list).
 */
export const OrganizationEntity = lazy(() => new Entity(
  {
    model: { entity: 'organization', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      /** IANA zone, e.g. Europe/Berlin: recurring sends run in it. */
      timeZone: { type: 'string', required: true },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: orgKey('pk'),
        sk: key('sk', 'ORG'),
      },
    },
  },
  entityConfig(),
));

export type Organization = EntityItem<typeof OrganizationEntity>;
