import { Entity, type EntityItem } from 'electrodb';
import { TRIGGER_GROUP_TYPES } from '@portal/shared/constants';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * A trigger group (docs/data-model.md §3.9, AP75): an ordered list of the organisation's triggers
 * that a watch's menu, a kiosk tablet's buttons or an integration offers.
 */
export const TriggerGroupEntity = lazy(() => new Entity(
  {
    model: { entity: 'triggerGroup', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      triggerGroupId: { type: 'string', required: true, readOnly: true, field: 'id' },
      name: { type: 'string', required: true },
      description: { type: 'string', required: true },
      type: { type: TRIGGER_GROUP_TYPES, required: true },
      triggerIds: { type: 'list', required: true, items: { type: 'string' }, field: 'trigger_ids' },
      createdBy: { type: 'string', required: true, readOnly: true, field: 'created_by' },
      createdTime: { type: 'string', required: true, readOnly: true, field: 'created_time' },
      updatedTime: { type: 'string', required: true, field: 'updated_time' },
    },
    indexes: {
      byOrg: {
        pk: orgKey('pk'),
        sk: key('sk', 'TRIGGERGROUP', attr('triggerGroupId')),
      },
    },
  },
  entityConfig(),
));

export type TriggerGroupItem = EntityItem<typeof TriggerGroupEntity>;
