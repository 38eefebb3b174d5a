import { DASHBOARD_VARIANTS, type DashboardVariant } from '@portal/shared/settings/dashboard-variants';
import type { GeneralSettingsResponse, UpdateGeneralSettingsInput } from '@portal/shared/settings/general-settings.schema';
import { FEATURE_KEYS, withDefaultFlags, type FeatureFlags } from '@portal/shared/tenancy/features';

export interface FeatureFlagsFormValues {
  features: FeatureFlags;
  dashboards: DashboardVariant[];
}

export function toFormValues(settings: GeneralSettingsResponse | undefined): FeatureFlagsFormValues {
  const dashboards = settings?.general.dashboards ?? [];
  return {
    features: withDefaultFlags(settings?.general.features),
    dashboards: DASHBOARD_VARIANTS.filter((variant) => dashboards.includes(variant)),
  };
}

/** The PATCH body (spec 000 §7: general.features with each key's value), dashboards in a stable order. */
export function toUpdateInput(values: FeatureFlagsFormValues): UpdateGeneralSettingsInput {
  const features = Object.fromEntries(FEATURE_KEYS.map((key) => [key, values.features[key]])) as FeatureFlags;
  const dashboards = DASHBOARD_VARIANTS.filter((variant) => values.dashboards.includes(variant));
  return { general: { features, dashboards } };
}

export function toggleDashboard(dashboards: readonly DashboardVariant[], variant: DashboardVariant, on: boolean): DashboardVariant[] {
  const without = dashboards.filter((d) => d !== variant);
  return on ? DASHBOARD_VARIANTS.filter((d) => d === variant || without.includes(d)) : without;
}
