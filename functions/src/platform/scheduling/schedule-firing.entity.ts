import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../db/client.ts';
import { attr, key, orgKey } from '../db/keys.ts';
import { lazy } from '../db/lazy.ts';

/**
 * The marker that makes a firing act once (docs/data-model.md, scheduleFiring; AP81): one row per
 * schedule and occurrence, written by the target's handler on AWS and locally, expired by TTL.
 */
export const ScheduleFiringEntity = lazy(() => new Entity(
  {
    model: { entity: 'scheduleFiring', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      scheduleId: { type: 'string', required: true, readOnly: true },
      /** EventBridge form, e.g. '2026-03-29T07:00:00Z'. */
      occurrenceAt: { type: 'string', required: true, readOnly: true },
      /** started: an execution holds the lease; done: the effect happened. */
      state: { type: ['started', 'done'] as const, required: true },
      leaseUntil: { type: 'string', required: true },
      /** TTL (epoch seconds). */
      expiresAt: { type: 'number', required: true, field: 'expires_at' },
    },
    indexes: {
      byOccurrence: {
        pk: orgKey('pk', 'SCHEDULE', attr('scheduleId')),
        sk: key('sk', 'FIRED', attr('occurrenceAt')),
      },
    },
  },
  entityConfig(),
));

export type ScheduleFiringItem = EntityItem<typeof ScheduleFiringEntity>;
