import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

const dateTime = { type: 'map', required: true, properties: { date: { type: 'string', required: true }, time: { type: 'string', required: true }, offset: { type: 'string', required: true } } } as const;

/**
 * A shift: one person, working hours and activities (docs/data-model.md §3.8, AP67–AP68). gsi1 lists
 * a week's shifts by start (`ORG#{orgId}#SHIFTS#{week}`, the ISO week of the start date), so the
 * planner reads a week, and the previous week's night shifts into Monday, with one Query each.
 * `publishedSignature` is what the last publish of its week sent (null: never published); a shift
 * whose signature differs is a draft change staff do not see.
 */
export const ShiftEntity = lazy(() => new Entity(
  {
    model: { entity: 'shift', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      shiftId: { type: 'string', required: true, readOnly: true, field: 'id' },
      userId: { type: 'string', required: true, field: 'user_id' },
      name: { type: 'string', required: true },
      week: { type: 'string', required: true },
      start: dateTime,
      end: dateTime,
      startAt: { type: 'string', required: true, field: 'start_at' },
      endAt: { type: 'string', required: true, field: 'end_at' },
      activities: {
        type: 'list',
        required: true,
        items: {
          type: 'map',
          properties: {
            activityTypeId: { type: 'string', required: true, field: 'activity_type_id' },
            start: dateTime,
            end: dateTime,
            startAt: { type: 'string', required: true, field: 'start_at' },
            endAt: { type: 'string', required: true, field: 'end_at' },
          },
        },
      },
      publishedSignature: { type: 'string', field: 'published_signature' },
      updatedAt: { type: 'string', required: true, field: 'updated_at' },
    },
    indexes: {
      byOrg: {
        pk: orgKey('pk'),
        sk: key('sk', 'SHIFT', attr('shiftId')),
      },
      byWeek: {
        index: 'gsi1',
        pk: orgKey('gsi1pk', 'SHIFTS', attr('week')),
        sk: key('gsi1sk', attr('startAt'), attr('shiftId')),
      },
    },
  },
  entityConfig(),
));

export type ShiftItem = EntityItem<typeof ShiftEntity>;
