import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';

/** A tablet design template (docs/data-model.md, AP36–AP37); ids are ULIDs, so the list is in creation order. */
export const DesignTemplateEntity = new Entity(
  {
    model: { entity: 'designTemplate', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      templateId: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      /** The settings file's design_settings object, as given (≤ 300 KB). */
      design_settings: { type: 'any', required: true },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', required: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['orgId'], template: 'ORG#${orgId}', casing: 'none' },
        sk: { field: 'sk', composite: ['templateId'], template: 'DESIGNTEMPLATE#${templateId}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);

export type DesignTemplateItem = EntityItem<typeof DesignTemplateEntity>;
