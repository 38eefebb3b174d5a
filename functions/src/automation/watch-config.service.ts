import type { TriggerMenu } from '@portal/shared/automation/automation.schema';
import { menuGroupOfUser } from '@portal/shared/automation/trigger-menu-rule';
import type { WatchSettings } from '@portal/shared/settings/watch-settings.schema';
import { deviceTriggerGroups, watchSettings } from '../settings/public.ts';
import { triggerMenuGroupsOf } from '../users/public.ts';
import { triggerMenuOf } from './triggers.service.ts';

/**
 * The trigger group a person's menu is now (spec 001 §5, §6): the one they chose, only while the
 * organisation has automation and trigger menus on and offers it (`menuGroupOfUser`, the rule of
 * the watch's config message). Null without one.
 */
export async function menuGroupOf(orgId: string, userId: string): Promise<string | null> {
  const [settings, chosen] = await Promise.all([deviceTriggerGroups(orgId), triggerMenuGroupsOf(orgId, [userId])]);
  if (!settings.automationEnabled) return null;
  return menuGroupOfUser({ enabled: settings.menusEnabled, groupIds: settings.menuGroupIds }, chosen.get(userId));
}

/**
 * GET /watch-config: what a watch without a config topic (the watch emulator) needs, the same as
 * a watch's config message carries: the caller's trigger menu and the organisation's watch settings.
 */
export async function watchConfigOf(orgId: string, userId: string): Promise<{ trigger_menu: TriggerMenu | null; watch: WatchSettings }> {
  const [groupId, watch] = await Promise.all([menuGroupOf(orgId, userId), watchSettings(orgId)]);
  return { trigger_menu: groupId ? await triggerMenuOf(orgId, groupId) : null, watch };
}
