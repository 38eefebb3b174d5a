import { DASHBOARD_VARIANTS, type DashboardVariant, type GeneralSettingsResponse } from '@portal/shared/settings/general-settings.schema';
import { withDefaultFlags, type FeatureFlags } from '@portal/shared/tenancy/features';
import { GeneralSettingsEntity } from '../platform/tenancy/general-settings.entity.ts';

export async function readGeneralSettings(orgId: string): Promise<GeneralSettingsResponse> {
  const { data } = await GeneralSettingsEntity.get({ orgId }).go();
  const dashboards = (data?.dashboards ?? []).filter((d): d is DashboardVariant => (DASHBOARD_VARIANTS as readonly string[]).includes(d));
  return { general: { features: withDefaultFlags(data?.features), dashboards } };
}

/** Writes the full flag map (merged by the service) and, when given, the dashboard variants. */
export async function writeGeneralSettings(orgId: string, features: FeatureFlags, dashboards?: DashboardVariant[]): Promise<void> {
  await GeneralSettingsEntity.upsert({ orgId, features, ...(dashboards ? { dashboards } : {}) }).go();
}
