import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * A shift activity type of `/settings/shift-planner` (docs/data-model.md §3.8, AP66): a name and a
 * preset colour, under the organisation's partition so the settings list and the recipient picker
 * read them with one Query, and `assertOwnedIds` checks an id with a GetItem of its key.
 */
export const ShiftActivityTypeEntity = lazy(() => new Entity(
  {
    model: { entity: 'shiftActivityType', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      activityTypeId: { type: 'string', required: true, readOnly: true, field: 'id' },
      name: { type: 'string', required: true },
      color: { type: 'string', required: true },
      createdAt: { type: 'string', required: true, readOnly: true, field: 'created_at' },
    },
    indexes: {
      byOrg: {
        pk: orgKey('pk'),
        sk: key('sk', 'SHIFTACTIVITYTYPE', attr('activityTypeId')),
      },
    },
  },
  entityConfig(),
));

export type ShiftActivityTypeItem = EntityItem<typeof ShiftActivityTypeEntity>;
