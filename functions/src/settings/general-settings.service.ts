import {
  TABLET_TRIGGER_GROUPS_MESSAGES,
  type GeneralSettings,
  type GeneralSettingsResponse,
  type TabletTriggerGroup,
  type TabletTriggerGroupsInput,
  type TabletTriggerGroupsResponse,
  type UpdateGeneralSettingsInput,
} from '@portal/shared/settings/general-settings.schema';
import { isFeatureEnabled } from '@portal/shared/tenancy/features';
import { recordChange, settingsChange, type AuditActor } from '../audit/public.ts';
import { tabletsAmong } from '../devices/public.ts';
import { InvalidInputError } from '../platform/errors/domain-errors.ts';
import { assertOwnedIds, type OwnedRef } from '../platform/tenancy/owned-ids.ts';
import { readGeneralSettings, writeGeneralSettings, writeTabletTriggerGroupMap } from './general-settings.repository.ts';
import { deviceSettingsChanged } from './settings-signals.ts';

/** The organisation's general settings; what was never stored reads as its default. */
export async function getGeneralSettings(orgId: string): Promise<GeneralSettingsResponse> {
  return readGeneralSettings(orgId);
}

/** Applies a partial update: only the keys sent change (feature by feature); lists are replaced when sent. */
export async function updateGeneralSettings(orgId: string, input: UpdateGeneralSettingsInput, actor: AuditActor): Promise<GeneralSettingsResponse> {
  const { general: current } = await readGeneralSettings(orgId);
  const change = input.general;
  // The trigger-menu list, like the tablet map, may add only this organisation's trigger groups.
  const listed = new Set(current.trigger_menus_trigger_group_ids);
  const tabletMap = tabletMapRefs(current, change.tablet?.trigger_group_map ?? [], 'general.tablet.trigger_group_map');
  await assertOwnedIds(orgId, [
    ...tabletMap,
    { field: 'general.trigger_menus_trigger_group_ids', kind: 'triggerGroup', ids: (change.trigger_menus_trigger_group_ids ?? []).filter((id) => !listed.has(id)) },
  ]);
  await assertTablets(orgId, tabletMap[0]!);
  const next: GeneralSettings = {
    features: { ...current.features, ...defined(change.features ?? {}) },
    dashboards: (change.dashboards as GeneralSettings['dashboards'] | undefined) ?? current.dashboards,
    is_trigger_menus_enabled: change.is_trigger_menus_enabled ?? current.is_trigger_menus_enabled,
    trigger_menus_trigger_group_ids: change.trigger_menus_trigger_group_ids ?? current.trigger_menus_trigger_group_ids,
    tablet: { trigger_group_map: change.tablet?.trigger_group_map ?? current.tablet.trigger_group_map },
  };
  await writeGeneralSettings(orgId, next);
  // The feature flags are a kind of their own in the trail, so a filter finds who switched one.
  await recordChange(orgId, actor, settingsChange('general', shownGeneral(current), shownGeneral(next)), settingsChange('general', current.features, next.features, 'feature_flags'));
  // Trigger menus and the tablet map are in the devices' config messages (trigger_menu).
  if (triggerGroupsChanged(current, next)) await deviceSettingsChanged.emit({ orgId });
  return { general: next };
}

/**
 * `/settings/tablet` (managers, decision 0044): replaces the tablets' trigger groups and writes
 * nothing else of general settings. Checked like the same field of a general settings update.
 */
export async function updateTabletTriggerGroups(orgId: string, input: TabletTriggerGroupsInput, actor: AuditActor): Promise<TabletTriggerGroupsResponse> {
  const { general: current } = await readGeneralSettings(orgId);
  const sent = input.trigger_group_map as TabletTriggerGroup[];
  const refs = tabletMapRefs(current, sent, 'trigger_group_map');
  await assertOwnedIds(orgId, refs);
  await assertTablets(orgId, refs[0]!);
  await writeTabletTriggerGroupMap(orgId, sent);
  await recordChange(orgId, actor, settingsChange('tablet', { trigger_group_map: current.tablet.trigger_group_map }, { trigger_group_map: sent }));
  if (mapKey(current.tablet.trigger_group_map) !== mapKey(sent)) await deviceSettingsChanged.emit({ orgId });
  return { trigger_group_map: sent };
}

/**
 * The owned-id refs of a sent tablet map: devices first, then trigger groups. The map may add only
 * this organisation's devices and trigger groups (docs/security.md, "Ids in request bodies");
 * entries already stored stay, even for a tablet deleted since (a deleted trigger group leaves
 * both lists, decision 0039).
 */
function tabletMapRefs(current: GeneralSettings, sent: readonly TabletTriggerGroup[], field: string): [OwnedRef, OwnedRef] {
  const mapped = new Set(current.tablet.trigger_group_map.map((e) => e.device_id));
  const mappedTo = new Set(current.tablet.trigger_group_map.map((e) => e.trigger_group_id));
  return [
    { field: `${field}.device_id`, kind: 'device', ids: sent.map((e) => e.device_id).filter((id) => !mapped.has(id)) },
    { field: `${field}.trigger_group_id`, kind: 'triggerGroup', ids: sent.map((e) => e.trigger_group_id).filter((id) => !mappedTo.has(id)) },
  ];
}

/** The newly mapped devices (already known to be the organisation's) must be kiosk tablets: a watch shows its user's menu. */
async function assertTablets(orgId: string, devices: OwnedRef): Promise<void> {
  const ids = devices.ids.filter((id): id is string => !!id);
  if (ids.length === 0) return;
  const tablets = await tabletsAmong(orgId, ids);
  if (ids.some((id) => !tablets.has(id))) throw InvalidInputError.onField(devices.field, TABLET_TRIGGER_GROUPS_MESSAGES.notTablet);
}

/** A map's entries as one comparable text (a stored map's keys come back in any order). */
const mapKey = (map: readonly TabletTriggerGroup[]) => map.map((e) => `${e.device_id}=${e.trigger_group_id}`).join(',');

/** General settings but the feature flags, as the trail shows them (the flags are their own kind). */
const shownGeneral = ({ features: _features, tablet, ...rest }: GeneralSettings) => ({ ...rest, trigger_group_map: tablet.trigger_group_map });

/** Whether what the devices' trigger menus depend on changed. */
function triggerGroupsChanged(before: GeneralSettings, after: GeneralSettings): boolean {
  return (
    isFeatureEnabled(before.features, 'automation') !== isFeatureEnabled(after.features, 'automation') ||
    before.is_trigger_menus_enabled !== after.is_trigger_menus_enabled ||
    before.trigger_menus_trigger_group_ids.join(',') !== after.trigger_menus_trigger_group_ids.join(',') ||
    mapKey(before.tablet.trigger_group_map) !== mapKey(after.tablet.trigger_group_map)
  );
}

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
