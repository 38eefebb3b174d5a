import { readGeneralSettings } from './general-settings.repository.ts';

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
