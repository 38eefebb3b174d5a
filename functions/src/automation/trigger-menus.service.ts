import type { TriggerMenu } from '@portal/shared/automation/automation.schema';
import { menuGroupOfUser } from '@portal/shared/automation/trigger-menu-rule';
import type { DeviceType } from '@portal/shared/devices/device.schema';
import { deviceOf, isTablet } from '../devices/public.ts';
import { deviceTriggerGroups } from '../settings/public.ts';
import { triggerMenuGroupsOf } from '../users/public.ts';
import { triggerMenuOf } from './trigger-groups.service.ts';

/** What a device is to its buttons: a kiosk tablet shows its own group, a watch or phone its user's menu. */
export interface MenuDevice {
  deviceId: string;
  type: DeviceType;
  userId?: string | null;
}

/**
 * What decides the trigger menus of one organisation, read once however many devices or people
 * ask: what general settings say about trigger groups, the users' chosen menus (learnt in batches,
 * `learnUserMenus`) and each trigger group's menu (read once per group, `menuOf`). The one rule of
 * "which trigger menu does this device or person get": device-config's config messages and GET
 * /watch-config, and the button uplink, all ask it.
 */
export interface TriggerMenus {
  orgId: string;
  groups: Awaited<ReturnType<typeof deviceTriggerGroups>>;
  userMenus: Map<string, string>;
  menus: Map<string, Promise<TriggerMenu | null>>;
}

export async function loadTriggerMenus(orgId: string): Promise<TriggerMenus> {
  return { orgId, groups: await deviceTriggerGroups(orgId), userMenus: new Map(), menus: new Map() };
}

/** Reads the chosen menus of these users not read yet (one batch read). */
export async function learnUserMenus(menus: TriggerMenus, userIds: ReadonlyArray<string | null | undefined>): Promise<void> {
  const unread = [...new Set(userIds.filter((id): id is string => !!id && !menus.userMenus.has(id)))];
  if (!unread.length) return;
  const chosen = await triggerMenuGroupsOf(menus.orgId, unread);
  for (const userId of unread) menus.userMenus.set(userId, chosen.get(userId) ?? '');
}

/** The users of these devices whose menus a config message needs (a tablet shows no user's menu). */
export const menuUsersOf = (devices: readonly MenuDevice[]) => devices.flatMap((d) => (!isTablet(d) && d.userId ? [d.userId] : []));

/**
 * The trigger group a person's menu is now (spec 001 §5, §6): the one they chose, only while the
 * organisation has automation and trigger menus on and offers it (`menuGroupOfUser`). Null without
 * one. Their menu must have been learnt (`learnUserMenus`).
 */
export function userGroupIdOf(menus: TriggerMenus, userId: string | null | undefined): string | null {
  if (!menus.groups.automationEnabled || !userId) return null;
  return menuGroupOfUser({ enabled: menus.groups.menusEnabled, groupIds: menus.groups.menuGroupIds }, menus.userMenus.get(userId));
}

/**
 * The trigger group a device offers (docs/device-protocol.md §5): a kiosk tablet its group of
 * general settings' `tablet.trigger_group_map`; a watch or phone its user's trigger menu while the
 * settings allow it. Null when it has none, and for every device while the organisation has
 * automation switched off (its presses would fire nothing).
 */
export function triggerGroupIdOf(menus: TriggerMenus, device: MenuDevice): string | null {
  if (!menus.groups.automationEnabled) return null;
  if (isTablet(device)) return menus.groups.tabletGroups.get(device.deviceId) ?? null;
  return userGroupIdOf(menus, device.userId);
}

/** The group's menu, read once per group of the organisation; null for none. */
export function menuOf(menus: TriggerMenus, groupId: string | null): Promise<TriggerMenu | null> {
  if (!groupId) return Promise.resolve(null);
  let menu = menus.menus.get(groupId);
  if (!menu) menus.menus.set(groupId, (menu = triggerMenuOf(menus.orgId, groupId)));
  return menu;
}

/** A person's trigger menu now (the watch emulator's GET /watch-config, by the rule of the config message). */
export async function userMenuOf(menus: TriggerMenus, userId: string): Promise<TriggerMenu | null> {
  await learnUserMenus(menus, [userId]);
  return menuOf(menus, userGroupIdOf(menus, userId));
}

/** The trigger group a person's menu is now, for a press on their own events topic (the watch emulator). */
export async function menuGroupOf(orgId: string, userId: string): Promise<string | null> {
  const menus = await loadTriggerMenus(orgId);
  await learnUserMenus(menus, [userId]);
  return userGroupIdOf(menus, userId);
}

/**
 * A device's button press: the user the device serves and the trigger group its buttons map to
 * now, by the rule of its config message. Undefined when the device is gone.
 */
export async function buttonsOfDevice(orgId: string, deviceId: string): Promise<{ userId: string | null; triggerGroupId: string | null } | undefined> {
  const [device, menus] = await Promise.all([deviceOf(orgId, deviceId), loadTriggerMenus(orgId)]);
  if (!device) return undefined;
  await learnUserMenus(menus, menuUsersOf([device]));
  return { userId: device.userId ?? null, triggerGroupId: triggerGroupIdOf(menus, device) };
}
