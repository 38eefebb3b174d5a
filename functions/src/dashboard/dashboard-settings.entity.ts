import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * The custom dashboard's panels (docs/data-model.md §3.1, the `SETTINGS#dashboard` section row, AP86):
 * which panels the organisation's custom dashboard shows, in order. A section row of its own, like
 * the tasks' and actions' settings, so the dashboard Lambda reads and writes it without the general
 * settings. A missing row reads as DEFAULT_DASHBOARD_PANELS (dashboard-settings.repository.ts).
 */
export const DashboardSettingsEntity = lazy(() => new Entity(
  {
    model: { entity: 'dashboardSettings', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      /** Panel names (DASHBOARD_PANELS), ordered, each once (the schema's rule); a list keeps the order. */
      panels: { type: 'list', items: { type: 'string' }, required: true },
      updatedAt: { type: 'string', required: true, field: 'updated_at' },
    },
    indexes: {
      byOrg: {
        pk: orgKey('pk'),
        sk: key('sk', 'SETTINGS', 'dashboard'),
      },
    },
  },
  entityConfig(),
));

export type DashboardSettingsItem = EntityItem<typeof DashboardSettingsEntity>;
