import type { DashboardPanel, DashboardSettingsDto } from '@portal/shared/dashboard/dashboard.schema';
import { readPanels, writePanels } from './dashboard-settings.repository.ts';

/** The custom dashboard's panels (`/settings/dashboard`), or the default ones (decision 0036). */
export async function getSettings(orgId: string): Promise<DashboardSettingsDto> {
  return { panels: await readPanels(orgId) };
}

/** Replaces them; the schema has refused unknown and repeated panels. */
export async function updateSettings(orgId: string, input: { panels: readonly DashboardPanel[] }, now = new Date()): Promise<DashboardSettingsDto> {
  await writePanels(orgId, input.panels, now);
  return { panels: [...input.panels] };
}
