import { Entity, type EntityItem } from 'electrodb';
import { MODULES } from '@portal/shared/api/route-table';
import { entityConfig } from '../db/client.ts';
import { attr, key } from '../db/keys.ts';
import { lazy } from '../db/lazy.ts';

export const SCHEDULE_STATES = ['scheduled', 'failed'] as const;

/**
 * A schedule of the local (table) scheduler adapter (docs/data-model.md, schedule; AP77-AP80).
 * Keyed by the schedule id alone, because `cancel(name)` knows nothing else; the org is an
 * attribute. gsi1 holds only pending schedules (a sparse index): `SCHEDULE#DUE#{bucket}`, sorted by
 * the time of the next attempt, is what the local scheduler polls.
 */
export const ScheduleEntity = lazy(() => new Entity(
  {
    model: { entity: 'schedule', version: '1', service: 'portal' },
    attributes: {
      scheduleId: { type: 'string', required: true, readOnly: true },
      /** The port's name, as given (the firing carries it). */
      name: { type: 'string', required: true },
      orgId: { type: 'string', required: true },
      kind: { type: ['at', 'cron'] as const, required: true },
      /** The EventBridge expression the AWS adapter would create, for inspection. */
      expression: { type: 'string', required: true },
      timeZone: { type: 'string', required: true },
      /** Series only. */
      time: { type: 'string' },
      /** Weekday names (shared/src/constants.ts WEEKDAYS). */
      days: { type: 'list', items: { type: 'string' } },
      startAt: { type: 'string' },
      endAt: { type: 'string' },
      target: {
        type: 'map',
        required: true,
        properties: {
          module: { type: MODULES, required: true },
          type: { type: 'string', required: true },
          orgId: { type: 'string', required: true },
          id: { type: 'string', required: true },
        },
      },
      /** The scheduled time of the pending occurrence (ISO, ms). */
      occurrenceAt: { type: 'string', required: true },
      /** When the poller should take it: the occurrence, a retry after backoff, or a lease's end. */
      dueAt: { type: 'string', required: true },
      bucket: { type: 'string', required: true },
      state: { type: SCHEDULE_STATES, required: true },
      attempts: { type: 'number', required: true },
      lastError: { type: 'string' },
      updatedAt: { type: 'string', required: true },
    },
    indexes: {
      byId: {
        pk: key('pk', 'SCHEDULE', attr('scheduleId')),
        sk: key('sk', 'SCHEDULE'),
      },
      due: {
        index: 'gsi1',
        // Failed schedules (the local dead-letter queue) leave the index.
        condition: (attributes) => attributes.state === 'scheduled',
        pk: key('gsi1pk', 'SCHEDULE', 'DUE', attr('bucket')),
        sk: key('gsi1sk', attr('dueAt'), attr('scheduleId')),
      },
    },
  },
  entityConfig(),
));

export type ScheduleItem = EntityItem<typeof ScheduleEntity>;
