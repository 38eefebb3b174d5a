import { isFeatureEnabled } from '@portal/shared/tenancy/features';
import type { WatchSettings } from '@portal/shared/settings/watch-settings.schema';
import { dropTriggerGroup, readGeneralSettings, writeTriggerMenus } from './general-settings.repository.ts';
import { watchSettings as watchSection } from './watch-settings.entity.ts';

/**
 * The settings module's one public way in (decision 0014): what other modules may ask about the
 * organisation's general settings. Other modules import this file only.
 */

/** Whether users may have a trigger menu (general settings, `is_trigger_menus_enabled`). */
export async function triggerMenusEnabled(orgId: string): Promise<boolean> {
  return (await readGeneralSettings(orgId)).general.is_trigger_menus_enabled;
}

/** Whether users have a trigger menu, and the trigger groups it may be (general settings). */
export async function triggerMenuRule(orgId: string): Promise<{ enabled: boolean; groupIds: string[] }> {
  const { general } = await readGeneralSettings(orgId);
  return { enabled: general.is_trigger_menus_enabled, groupIds: general.trigger_menus_trigger_group_ids };
}

/** The organisation's watch settings (decision 0038), or the defaults: devices' config messages and GET /watch-config. */
export const watchSettings = (orgId: string): Promise<WatchSettings> => watchSection.read(orgId);

/**
 * Everything general settings say about trigger groups on devices, in one read: whether automation
 * is on (feature flag), whether users have trigger menus and which groups may be one, and the group
 * each kiosk tablet shows (`tablet.trigger_group_map`, by device id).
 */
export async function deviceTriggerGroups(
  orgId: string,
): Promise<{ automationEnabled: boolean; menusEnabled: boolean; menuGroupIds: string[]; tabletGroups: Map<string, string> }> {
  const { general } = await readGeneralSettings(orgId);
  return {
    automationEnabled: isFeatureEnabled(general.features, 'automation'),
    menusEnabled: general.is_trigger_menus_enabled,
    menuGroupIds: general.trigger_menus_trigger_group_ids,
    tabletGroups: new Map(general.tablet.trigger_group_map.map((entry) => [entry.device_id, entry.trigger_group_id])),
  };
}

/**
 * `/settings/automation`'s trigger menus (automation module): whether users have one and which
 * trigger groups it may be, written to general settings, which the users form reads. The ids are
 * the caller's to check (owned-ids, kind `triggerGroup`).
 */
export const setTriggerMenus: (orgId: string, enabled: boolean, groupIds: string[]) => Promise<void> = writeTriggerMenus;

/** A trigger group was deleted: it leaves the trigger-menu list and the tablet map (decision 0039). */
export const forgetTriggerGroup: (orgId: string, triggerGroupId: string) => Promise<void> = dropTriggerGroup;

/**
 * The watch settings, the trigger menus, the tablet map or the automation flag changed: every
 * device's config message carries them, so device-config listens (decision 0064).
 */
export { deviceSettingsChanged } from './settings-signals.ts';
