import type { GeneralSettingsResponse, UpdateGeneralSettingsInput } from '@portal/shared/settings/general-settings.schema';
import type { DashboardVariant } from '@portal/shared/settings/general-settings.schema';
import { readGeneralSettings, writeGeneralSettings } from './general-settings.repository.ts';

/** Applies a partial update: only the feature keys sent change; dashboards are replaced when sent. */
export async function updateGeneralSettings(orgId: string, input: UpdateGeneralSettingsInput): Promise<GeneralSettingsResponse> {
  const current = await readGeneralSettings(orgId);
  const features = { ...current.general.features, ...stripUndefined(input.general.features ?? {}) };
  const dashboards = input.general.dashboards as DashboardVariant[] | undefined;
  await writeGeneralSettings(orgId, features, dashboards);
  return { general: { features, dashboards: dashboards ?? current.general.dashboards } };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
