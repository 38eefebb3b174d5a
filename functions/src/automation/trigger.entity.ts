import { Entity, type EntityItem } from 'electrodb';
import { TRIGGER_SOURCE_TYPES } from '@portal/shared/constants';
import { WORKFLOW_ITEM_TYPES } from '@portal/shared/automation/automation.schema';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * A trigger (docs/data-model.md §3.9, AP72–AP73): its source type, the ordered workflow of templates
 * a firing runs, whether it has a webhook, and its throttle. The secret lives on its own row
 * (webhook-secret.entity.ts); this row keeps only its last 4 characters and when it was made, so
 * lists and gets show which secret is current without reading it.
 */
export const TriggerEntity = lazy(() => new Entity(
  {
    model: { entity: 'trigger', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      triggerId: { type: 'string', required: true, readOnly: true, field: 'id' },
      name: { type: 'string', required: true },
      type: { type: TRIGGER_SOURCE_TYPES, required: true },
      workflows: {
        type: 'list',
        required: true,
        items: { type: 'map', properties: { id: { type: 'string', required: true }, type: { type: WORKFLOW_ITEM_TYPES, required: true } } },
      },
      isExternal: { type: 'boolean', required: true, field: 'is_external' },
      isThrottlingEnabled: { type: 'boolean', required: true, field: 'is_throttling_enabled' },
      throttleDurationInSeconds: { type: 'number', required: true, field: 'throttle_duration_in_seconds' },
      /** While external: the current secret's last 4 characters and creation time (the secret row's). */
      secretHint: { type: 'string', field: 'secret_hint' },
      secretCreatedAt: { type: 'string', field: 'secret_created_at' },
      createdBy: { type: 'string', required: true, readOnly: true, field: 'created_by' },
      createdTime: { type: 'string', required: true, readOnly: true, field: 'created_time' },
      updatedTime: { type: 'string', required: true, field: 'updated_time' },
    },
    indexes: {
      byOrg: {
        pk: orgKey('pk'),
        sk: key('sk', 'TRIGGER', attr('triggerId')),
      },
    },
  },
  entityConfig(),
));

export type TriggerItem = EntityItem<typeof TriggerEntity>;
