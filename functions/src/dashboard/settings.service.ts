import type { DashboardPanel, DashboardSettingsDto } from '@portal/shared/dashboard/dashboard.schema';
import { recordChange, settingsChange, type AuditActor } from '../audit/public.ts';
import { readPanels, writePanels } from './dashboard-settings.repository.ts';

/** The custom dashboard's panels (`/settings/dashboard`), or the default ones (decision 0036). */
export async function getSettings(orgId: string): Promise<DashboardSettingsDto> {
  return { panels: await readPanels(orgId) };
}

/** Replaces them; the schema has refused unknown and repeated panels. */
export async function updateSettings(orgId: string, input: { panels: readonly DashboardPanel[] }, actor: AuditActor, now = new Date()): Promise<DashboardSettingsDto> {
  const before = await readPanels(orgId);
  await writePanels(orgId, input.panels, now);
  await recordChange(orgId, actor, settingsChange('dashboard', { panels: before }, { panels: input.panels }));
  return { panels: [...input.panels] };
}
