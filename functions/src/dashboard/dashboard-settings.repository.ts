import { DASHBOARD_PANELS, DEFAULT_DASHBOARD_PANELS, type DashboardPanel } from '@portal/shared/dashboard/dashboard.schema';
import { DashboardSettingsEntity } from './dashboard-settings.entity.ts';

const isPanel = (name: string): name is DashboardPanel => (DASHBOARD_PANELS as readonly string[]).includes(name);

// AP86: the section row, or the default panels. A panel a later version drops is left out.
export async function readPanels(orgId: string): Promise<DashboardPanel[]> {
  const { data } = await DashboardSettingsEntity.get({ orgId }).go();
  return data ? data.panels.filter(isPanel) : [...DEFAULT_DASHBOARD_PANELS];
}

// AP86: replaced as a whole.
export async function writePanels(orgId: string, panels: readonly DashboardPanel[], now: Date): Promise<void> {
  await DashboardSettingsEntity.put({ orgId, panels: [...panels], updatedAt: now.toISOString() }).go();
}
