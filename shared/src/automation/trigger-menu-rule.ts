/**
 * Which trigger group a person's trigger menu is (spec 001 §5, §6): the one they chose
 * (`trigger_menus_default_trigger_group_id`), only while the organisation has trigger menus on
 * (`is_trigger_menus_enabled`) and still offers that group (`trigger_menus_trigger_group_ids`).
 * A choice the settings no longer allow is kept on the user but gives no menu. One rule for the
 * watch's config message, GET /watch-config and button presses, so a watch never shows a menu the
 * portal would refuse to fire.
 */
export function menuGroupOfUser(rule: { enabled: boolean; groupIds: readonly string[] }, chosen: string | null | undefined): string | null {
  return rule.enabled && chosen && rule.groupIds.includes(chosen) ? chosen : null;
}
