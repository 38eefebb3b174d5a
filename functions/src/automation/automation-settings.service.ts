import type { AutomationSettings } from '@portal/shared/automation/automation.schema';
import { recordChange, settingsChange, type AuditActor } from '../audit/public.ts';
import { assertOwnedIds } from '../platform/tenancy/owned-ids.ts';
import { setTriggerMenus, triggerMenuRule } from '../settings/public.ts';
import { throttleDefaults } from './automation-settings.entity.ts';
import { triggerMenusChanged } from './automation-signals.ts';

/**
 * `/settings/automation` (spec 001 §2, §9): the throttle defaults of new triggers (`SETTINGS#automation`)
 * and the trigger menus, which general settings keep (the users form reads them there).
 */
export async function automationSettings(orgId: string): Promise<AutomationSettings> {
  const [defaults, menus] = await Promise.all([throttleDefaults.read(orgId), triggerMenuRule(orgId)]);
  return { ...defaults, is_trigger_menus_enabled: menus.enabled, trigger_menus_trigger_group_ids: menus.groupIds };
}

/**
 * Replaces both. A trigger group added to the menus must be the organisation's; one already listed
 * stays (as in general settings). A group named twice keeps its first place.
 */
export async function updateAutomationSettings(orgId: string, input: AutomationSettings, actor: AuditActor, now = new Date()): Promise<AutomationSettings> {
  const groupIds = [...new Set(input.trigger_menus_trigger_group_ids)];
  const before = await automationSettings(orgId);
  const listed = new Set(before.trigger_menus_trigger_group_ids);
  await assertOwnedIds(orgId, [{ field: 'trigger_menus_trigger_group_ids', kind: 'triggerGroup', ids: groupIds.filter((id) => !listed.has(id)) }]);
  const defaults = { throttle_enabled: input.throttle_enabled, throttle_threshold: input.throttle_threshold };
  await Promise.all([throttleDefaults.write(orgId, defaults, now), setTriggerMenus(orgId, input.is_trigger_menus_enabled, groupIds)]);
  const after: AutomationSettings = { ...defaults, is_trigger_menus_enabled: input.is_trigger_menus_enabled, trigger_menus_trigger_group_ids: groupIds };
  await recordChange(orgId, actor, settingsChange('automation', before, after));
  // Users' trigger menus are in their devices' config messages (docs/device-protocol.md §5).
  if (before.is_trigger_menus_enabled !== after.is_trigger_menus_enabled || before.trigger_menus_trigger_group_ids.join(',') !== groupIds.join(',')) {
    await triggerMenusChanged.emit({ orgId });
  }
  return after;
}
