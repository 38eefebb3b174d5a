import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * A week's publish state (docs/data-model.md §3.8, AP70): when it was last published and by whom,
 * and whom that publish has yet to reach.
 * What was published is one row per shift (published-shift.entity.ts), so a re-publish knows who
 * gained, changed or lost a shift and which assignment rows to replace, at any size of week.
 */
export const ShiftWeekEntity = lazy(() => new Entity(
  {
    model: { entity: 'shiftWeek', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      week: { type: 'string', required: true, readOnly: true },
      publishedAt: { type: 'string', required: true, field: 'published_at' },
      publishedBy: { type: 'string', required: true, field: 'published_by' },
      /**
       * The affected people of a publish whose weeks are not queued yet: written with the publish,
       * removed once queued, so a publish whose queueing failed is resent by the next one.
       */
      unsentUserIds: { type: 'list', items: { type: 'string' }, field: 'unsent_user_ids' },
    },
    indexes: {
      byOrg: {
        pk: orgKey('pk'),
        sk: key('sk', 'SHIFTWEEK', attr('week')),
      },
    },
  },
  entityConfig(),
));

export type ShiftWeekItem = EntityItem<typeof ShiftWeekEntity>;
