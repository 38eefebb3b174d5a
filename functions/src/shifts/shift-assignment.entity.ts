import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * Who does an activity when, as last published (docs/data-model.md §3.8, AP69): one row per activity
 * of a published shift, under the activity type and the UTC day the activity starts, sorted by its
 * start. An activity lasts at most a day, so the rows running at an instant `t` are among those of
 * day(t) and day(t)−1 with `start_at <= t`; the resolver keeps the ones with `end_at > t`. Written
 * by publish only: drafts never reach staff or routing.
 */
export const ShiftAssignmentEntity = lazy(() => new Entity(
  {
    model: { entity: 'shiftAssignment', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      activityTypeId: { type: 'string', required: true, readOnly: true, field: 'activity_type_id' },
      day: { type: 'string', required: true, readOnly: true },
      startAt: { type: 'string', required: true, readOnly: true, field: 'start_at' },
      shiftId: { type: 'string', required: true, readOnly: true, field: 'shift_id' },
      index: { type: 'number', required: true, readOnly: true },
      endAt: { type: 'string', required: true, field: 'end_at' },
      userId: { type: 'string', required: true, field: 'user_id' },
    },
    indexes: {
      byActivityDay: {
        pk: orgKey('pk', 'ACTIVITYTYPE', attr('activityTypeId'), 'DAY', attr('day')),
        sk: key('sk', attr('startAt'), attr('shiftId'), attr('index')),
      },
    },
  },
  entityConfig(),
));

export type ShiftAssignmentItem = EntityItem<typeof ShiftAssignmentEntity>;
