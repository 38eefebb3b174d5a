import { USER_MESSAGES, type UserType } from '@portal/shared/users/user.schema';
import { InvalidInputError } from '../platform/errors/domain-errors.ts';
import { assertOwnedIds } from '../platform/tenancy/owned-ids.ts';
import { triggerMenusEnabled } from '../settings/public.ts';

/**
 * A user's trigger menu (spec 001 §6): only when the organisation has trigger menus enabled (asked
 * of the settings module), never for device users, and only from the trigger groups the
 * organisation lists. Trigger groups have no rows yet (automation, AP75), so the organisation's list
 * is what the id is checked against, through the one body-id check (docs/security.md, "Ids in
 * request bodies").
 */
export async function checkTriggerMenu(orgId: string, type: UserType, triggerGroupId: string | null | undefined): Promise<void> {
  if (!triggerGroupId) return;
  if (type === 'system') throw new InvalidInputError(USER_MESSAGES.noTriggerMenuForDeviceUsers);
  if (!(await triggerMenusEnabled(orgId))) throw new InvalidInputError(USER_MESSAGES.triggerMenusDisabled);
  await assertOwnedIds(orgId, [
    { field: 'trigger_menus_default_trigger_group_id', kind: 'triggerMenuGroup', ids: [triggerGroupId], message: USER_MESSAGES.triggerMenuNotListed },
  ]);
}
