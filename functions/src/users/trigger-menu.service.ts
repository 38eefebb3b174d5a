import type { UserType } from '@portal/shared/users/user.schema';
import { createError } from '../platform/http/errors.ts';
import { GeneralSettingsEntity } from '../platform/tenancy/general-settings.entity.ts';
import { assertOwnedIds } from '../platform/tenancy/owned-ids.ts';

export const TRIGGER_MENU_NOT_LISTED = 'This trigger group cannot be used as a trigger menu';

/**
 * A user's trigger menu (spec 001 §6): only when the organisation has trigger menus enabled,
 * never for device users, and only from the trigger groups the organisation lists. Trigger groups
 * have no rows yet (automation, AP75), so the organisation's list is what the id is checked
 * against, through the one body-id check (docs/security.md, "Ids in request bodies").
 */
export async function checkTriggerMenu(orgId: string, type: UserType, triggerGroupId: string | null | undefined): Promise<void> {
  if (!triggerGroupId) return;
  if (type === 'system') throw createError(400, 'Device users have no trigger menu', { expose: true });
  const { data } = await GeneralSettingsEntity.get({ orgId }).go({ attributes: ['isTriggerMenusEnabled'] });
  if (!data?.isTriggerMenusEnabled) throw createError(400, 'Trigger menus are not enabled for this organization', { expose: true });
  await assertOwnedIds(orgId, [
    { field: 'trigger_menus_default_trigger_group_id', kind: 'triggerMenuGroup', ids: [triggerGroupId], message: TRIGGER_MENU_NOT_LISTED },
  ]);
}
