import { withDefaultFlags, type FeatureFlags } from '@portal/shared/tenancy/features';
import { GeneralSettingsEntity } from './general-settings.entity.ts';

/** The organisation's feature flags; keys never stored read as their defaults. */
export async function getFeatureFlags(orgId: string): Promise<FeatureFlags> {
  const { data } = await GeneralSettingsEntity.get({ orgId }).go();
  return withDefaultFlags(data?.features);
}

/** Dashboard variants switched on for the organisation (the dashboard entry needs one). */
export async function getEnabledDashboards(orgId: string): Promise<string[]> {
  const { data } = await GeneralSettingsEntity.get({ orgId }).go();
  return [...(data?.dashboards ?? [])];
}
