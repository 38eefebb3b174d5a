import type { TabletSettings } from '@portal/shared/devices/tablet-settings.schema';
import { NO_TEMPLATE, TabletSettingsEntity } from './tablet-settings.entity.ts';

/** AP33: the stored settings, or null when the tablet has none yet. */
export async function readTabletSettings(orgId: string, deviceId: string): Promise<TabletSettings | null> {
  const { data } = await TabletSettingsEntity.get({ orgId, deviceId }).go();
  if (!data) return null;
  return {
    templateId: data.templateId === NO_TEMPLATE ? null : data.templateId,
    power_settings: { show_screen_status: data.power_settings.show_screen_status, show_screen_schedule: data.power_settings.show_screen_schedule ?? {} },
  };
}

/** AP34: the whole settings row, replaced. */
export async function saveTabletSettings(orgId: string, deviceId: string, settings: TabletSettings): Promise<void> {
  await TabletSettingsEntity.put({
    orgId,
    deviceId,
    templateId: settings.templateId ?? NO_TEMPLATE,
    power_settings: settings.power_settings,
    updatedAt: new Date().toISOString(),
  }).go();
}

/** AP35: ids of the tablets using a design template. */
export async function tabletsUsingTemplate(orgId: string, templateId: string): Promise<string[]> {
  const { data } = await TabletSettingsEntity.query.byTemplate({ orgId, templateId }).go({ pages: 'all', attributes: ['deviceId'] });
  return data.map((row) => row.deviceId);
}
