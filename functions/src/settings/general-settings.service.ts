import type { GeneralSettings, GeneralSettingsResponse, UpdateGeneralSettingsInput } from '@portal/shared/settings/general-settings.schema';
import { isFeatureEnabled } from '@portal/shared/tenancy/features';
import { republishDeviceConfigs } from '../devices/public.ts';
import { assertOwnedIds } from '../platform/tenancy/owned-ids.ts';
import { readGeneralSettings, writeGeneralSettings } from './general-settings.repository.ts';

/** The organisation's general settings; what was never stored reads as its default. */
export async function getGeneralSettings(orgId: string): Promise<GeneralSettingsResponse> {
  return readGeneralSettings(orgId);
}

/** Applies a partial update: only the keys sent change (feature by feature); lists are replaced when sent. */
export async function updateGeneralSettings(orgId: string, input: UpdateGeneralSettingsInput): Promise<GeneralSettingsResponse> {
  const { general: current } = await readGeneralSettings(orgId);
  const change = input.general;
  // A trigger map and the trigger-menu list may add only this organisation's devices and trigger
  // groups (docs/security.md, "Ids in request bodies"); entries already stored stay, even for a
  // tablet deleted since (a deleted trigger group leaves both lists, decision 0039).
  const sentMap = change.tablet?.trigger_group_map ?? [];
  const mapped = new Set(current.tablet.trigger_group_map.map((e) => e.device_id));
  const mappedTo = new Set(current.tablet.trigger_group_map.map((e) => e.trigger_group_id));
  const listed = new Set(current.trigger_menus_trigger_group_ids);
  await assertOwnedIds(orgId, [
    { field: 'general.tablet.trigger_group_map.device_id', kind: 'device', ids: sentMap.map((e) => e.device_id).filter((id) => !mapped.has(id)) },
    { field: 'general.tablet.trigger_group_map.trigger_group_id', kind: 'triggerGroup', ids: sentMap.map((e) => e.trigger_group_id).filter((id) => !mappedTo.has(id)) },
    { field: 'general.trigger_menus_trigger_group_ids', kind: 'triggerGroup', ids: (change.trigger_menus_trigger_group_ids ?? []).filter((id) => !listed.has(id)) },
  ]);
  const next: GeneralSettings = {
    features: { ...current.features, ...defined(change.features ?? {}) },
    dashboards: (change.dashboards as GeneralSettings['dashboards'] | undefined) ?? current.dashboards,
    is_trigger_menus_enabled: change.is_trigger_menus_enabled ?? current.is_trigger_menus_enabled,
    trigger_menus_trigger_group_ids: change.trigger_menus_trigger_group_ids ?? current.trigger_menus_trigger_group_ids,
    tablet: { trigger_group_map: change.tablet?.trigger_group_map ?? current.tablet.trigger_group_map },
  };
  await writeGeneralSettings(orgId, next);
  // Trigger menus and the tablet map are in the devices' config messages (trigger_menu).
  if (triggerGroupsChanged(current, next)) await republishDeviceConfigs(orgId);
  return { general: next };
}

/** Whether what the devices' trigger menus depend on changed (a stored map's keys come back in any order). */
function triggerGroupsChanged(before: GeneralSettings, after: GeneralSettings): boolean {
  const map = (s: GeneralSettings) => s.tablet.trigger_group_map.map((e) => `${e.device_id}=${e.trigger_group_id}`).join(',');
  return (
    isFeatureEnabled(before.features, 'automation') !== isFeatureEnabled(after.features, 'automation') ||
    before.is_trigger_menus_enabled !== after.is_trigger_menus_enabled ||
    before.trigger_menus_trigger_group_ids.join(',') !== after.trigger_menus_trigger_group_ids.join(',') ||
    map(before) !== map(after)
  );
}

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
