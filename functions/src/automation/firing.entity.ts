import { Entity, type EntityItem } from 'electrodb';
import { FIRING_OUTCOMES, FIRING_SOURCES, WORKFLOW_ITEM_TYPES } from '@portal/shared/automation/automation.schema';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/** Firings are kept 90 days (the page shows the latest; response times cover 7 days). */
export const FIRING_RETENTION_DAYS = 90;

/**
 * One firing of a trigger (docs/data-model.md §3.9, decision 0039): how it started, its outcome and
 * the items it created (their ids fixed here, before the modules make them). Under
 * `FIRING#{triggerId}#{at}#{firingId}`, so one Query by prefix, descending, lists a trigger's latest
 * and a `between` on `at` its last 7 days. DynamoDB's TTL removes it after 90 days.
 */
export const FiringEntity = lazy(() => new Entity(
  {
    model: { entity: 'firing', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      triggerId: { type: 'string', required: true, readOnly: true },
      /** ISO-8601 UTC: when it fired (or was throttled). */
      at: { type: 'string', required: true, readOnly: true },
      firingId: { type: 'string', required: true, readOnly: true, field: 'firing_id' },
      source: { type: FIRING_SOURCES, required: true },
      outcome: { type: FIRING_OUTCOMES, required: true },
      deliveryId: { type: 'string', field: 'delivery_id' },
      deviceId: { type: 'string', field: 'device_id' },
      userId: { type: 'string', field: 'user_id' },
      created: {
        type: 'list',
        required: true,
        items: {
          type: 'map',
          properties: {
            type: { type: WORKFLOW_ITEM_TYPES, required: true },
            templateId: { type: 'string', required: true, field: 'template_id' },
            id: { type: 'string', required: true },
          },
        },
      },
      expiresAt: { type: 'number', required: true, field: 'expires_at' },
    },
    indexes: {
      byTrigger: {
        pk: orgKey('pk'),
        sk: key('sk', 'FIRING', attr('triggerId'), attr('at'), attr('firingId')),
      },
    },
  },
  entityConfig(),
));

export type FiringItem = EntityItem<typeof FiringEntity>;
