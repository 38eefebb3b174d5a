import { Entity, type EntityItem } from 'electrodb';
import { DASHBOARD_PANELS, DEFAULT_DASHBOARD_PANELS, type DashboardPanel, type DashboardSettingsDto } from '@portal/shared/dashboard/dashboard.schema';
import { entityConfig } from '../platform/db/client.ts';
import { key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';
import { settingsSection } from '../platform/db/settings-section.ts';

/**
 * The custom dashboard's panels (docs/data-model.md §3.1, the `SETTINGS#dashboard` section row, AP86):
 * which panels the organisation's custom dashboard shows, in order. A section row of its own, like
 * the tasks' and actions' settings, so the dashboard Lambda reads and writes it without the general
 * settings. A missing row reads as DEFAULT_DASHBOARD_PANELS (`dashboardSettings` below).
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

const isPanel = (name: string): name is DashboardPanel => (DASHBOARD_PANELS as readonly string[]).includes(name);

/**
 * AP86: the custom dashboard's panels, or the default ones (decision 0036); replaced as a whole (the
 * schema has refused unknown and repeated panels). A panel a later version drops is left out.
 */
export const dashboardSettings = settingsSection<DashboardSettingsDto, DashboardSettingsItem>(DashboardSettingsEntity, {
  defaults: () => ({ panels: [...DEFAULT_DASHBOARD_PANELS] }),
  fromRow: (row) => ({ panels: row.panels.filter(isPanel) }),
  toRow: (settings) => ({ panels: [...settings.panels] }),
  normalize: (input) => ({ panels: [...input.panels] }),
});
