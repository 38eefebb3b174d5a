import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * A week template (docs/data-model.md §3.8, AP71): a saved week's shifts by weekday and wall-clock
 * time (ShiftTemplateShift, stored as JSON), applied to any week in the organisation's time zone.
 */
export const ShiftTemplateEntity = lazy(() => new Entity(
  {
    model: { entity: 'shiftTemplate', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      templateId: { type: 'string', required: true, readOnly: true, field: 'id' },
      name: { type: 'string', required: true },
      shifts: { type: 'string', required: true },
      createdBy: { type: 'string', required: true, readOnly: true, field: 'created_by' },
      createdAt: { type: 'string', required: true, readOnly: true, field: 'created_at' },
    },
    indexes: {
      byOrg: {
        pk: orgKey('pk'),
        sk: key('sk', 'SHIFTTEMPLATE', attr('templateId')),
      },
    },
  },
  entityConfig(),
));

export type ShiftTemplateItem = EntityItem<typeof ShiftTemplateEntity>;
