import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * What the last publish of a week sent of one shift (docs/data-model.md §3.8, AP70, AP85): its
 * person, signature, name, times and activities. One row per shift, not a list on the week row: a
 * week of 200 staff (1,400 shifts, ~740 bytes each) is past DynamoDB's 400 KB item limit. Sorted
 * by week, so a week is one Query (begins_with) and a date's two weeks (a Monday reads the week
 * before for night shifts into it) are one Query too (BETWEEN: ISO weeks sort as they follow).
 */
export const PublishedShiftEntity = lazy(() => new Entity(
  {
    model: { entity: 'publishedShift', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      week: { type: 'string', required: true, readOnly: true },
      shiftId: { type: 'string', required: true, readOnly: true, field: 'shift_id' },
      userId: { type: 'string', required: true, field: 'user_id' },
      signature: { type: 'string', required: true },
      name: { type: 'string', required: true },
      startAt: { type: 'string', required: true, field: 'start_at' },
      endAt: { type: 'string', required: true, field: 'end_at' },
      activities: {
        type: 'list',
        required: true,
        items: {
          type: 'map',
          properties: {
            activityTypeId: { type: 'string', required: true, field: 'activity_type_id' },
            startAt: { type: 'string', required: true, field: 'start_at' },
            endAt: { type: 'string', required: true, field: 'end_at' },
          },
        },
      },
    },
    indexes: {
      byWeek: {
        pk: orgKey('pk'),
        sk: key('sk', 'SHIFTPUB', attr('week'), attr('shiftId')),
      },
    },
  },
  entityConfig(),
));

export type PublishedShiftItem = EntityItem<typeof PublishedShiftEntity>;
