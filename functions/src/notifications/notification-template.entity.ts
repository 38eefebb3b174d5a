import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';

/**
 * A notification template (AP63): content and recipients to send again. ULID ids, so the sort key
 * order is creation order (sortBy created); `search_text` is searchKey(title + body) for the
 * substring search of AP65.
 */
export const NotificationTemplateEntity = new Entity(
  {
    model: { entity: 'notificationTemplate', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      templateId: { type: 'string', required: true, readOnly: true },
      title: { type: 'string', required: true },
      notification: { type: 'any', required: true },
      createdBy: { type: 'string', required: true, field: 'created_by' },
      createdAt: { type: 'string', required: true, field: 'created_time' },
      searchText: { type: 'string', required: true, field: 'search_text' },
      updatedAt: { type: 'string', field: 'updated_at' },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['orgId'], template: 'ORG#${orgId}', casing: 'none' },
        sk: { field: 'sk', composite: ['templateId'], template: 'TEMPLATE#NOTIFICATION#${templateId}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);

export type NotificationTemplateItem = EntityItem<typeof NotificationTemplateEntity>;
