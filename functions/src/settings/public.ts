import { dropTriggerGroup, readGeneralSettings, writeTriggerMenus } from './general-settings.repository.ts';

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

/**
 * `/settings/automation`'s trigger menus (automation module): whether users have one and which
 * trigger groups it may be, written to general settings, which the users form reads. The ids are
 * the caller's to check (owned-ids, kind `triggerGroup`).
 */
export const setTriggerMenus: (orgId: string, enabled: boolean, groupIds: string[]) => Promise<void> = writeTriggerMenus;

/** A trigger group was deleted: it leaves the trigger-menu list and the tablet map (decision 0039). */
export const forgetTriggerGroup: (orgId: string, triggerGroupId: string) => Promise<void> = dropTriggerGroup;
