import {
  DASHBOARD_VARIANTS,
  type DashboardVariant,
  type GeneralSettings,
  type GeneralSettingsResponse,
  type TabletTriggerGroup,
} from '@portal/shared/settings/general-settings.schema';
import { withDefaultFlags } from '@portal/shared/tenancy/features';
import { GeneralSettingsEntity } from '../platform/tenancy/general-settings.entity.ts';

export async function readGeneralSettings(orgId: string): Promise<GeneralSettingsResponse> {
  const { data } = await GeneralSettingsEntity.get({ orgId }).go();
  const dashboards = (data?.dashboards ?? []).filter((d): d is DashboardVariant => (DASHBOARD_VARIANTS as readonly string[]).includes(d));
  return {
    general: {
      features: withDefaultFlags(data?.features),
      dashboards,
      is_trigger_menus_enabled: data?.isTriggerMenusEnabled ?? false,
      trigger_menus_trigger_group_ids: data?.triggerMenusTriggerGroupIds ?? [],
      tablet: { trigger_group_map: data?.tabletTriggerGroupMap ?? [] },
    },
  };
}

/** Writes the full settings (merged by the service). */
export async function writeGeneralSettings(orgId: string, settings: GeneralSettings): Promise<void> {
  await GeneralSettingsEntity.upsert({
    orgId,
    features: settings.features,
    dashboards: settings.dashboards,
    isTriggerMenusEnabled: settings.is_trigger_menus_enabled,
    triggerMenusTriggerGroupIds: settings.trigger_menus_trigger_group_ids,
    tabletTriggerGroupMap: settings.tablet.trigger_group_map,
  }).go();
}

/** Writes only the trigger-menu fields (`/settings/automation`), leaving the rest of the row as it is. */
export async function writeTriggerMenus(orgId: string, enabled: boolean, groupIds: string[]): Promise<void> {
  await GeneralSettingsEntity.upsert({ orgId, isTriggerMenusEnabled: enabled, triggerMenusTriggerGroupIds: groupIds }).go();
}

/** Writes only the tablets' trigger groups (`/settings/tablet`, decision 0044), leaving the rest of the row as it is. */
export async function writeTabletTriggerGroupMap(orgId: string, map: TabletTriggerGroup[]): Promise<void> {
  await GeneralSettingsEntity.upsert({ orgId, tabletTriggerGroupMap: map }).go();
}

/**
 * A deleted trigger group leaves the trigger-menu list and the tablet map (decision 0039); the row
 * is written only when either names it.
 */
export async function dropTriggerGroup(orgId: string, triggerGroupId: string): Promise<void> {
  const { data } = await GeneralSettingsEntity.get({ orgId }).go({ attributes: ['triggerMenusTriggerGroupIds', 'tabletTriggerGroupMap'] });
  const listed = data?.triggerMenusTriggerGroupIds ?? [];
  const map = data?.tabletTriggerGroupMap ?? [];
  if (!listed.includes(triggerGroupId) && !map.some((e) => e.trigger_group_id === triggerGroupId)) return;
  await GeneralSettingsEntity.patch({ orgId })
    .set({ triggerMenusTriggerGroupIds: listed.filter((id) => id !== triggerGroupId), tabletTriggerGroupMap: map.filter((e) => e.trigger_group_id !== triggerGroupId) })
    .go();
}
