import type { UserType } from '@portal/shared/users/user.schema';
import { createError } from '../platform/http/errors.ts';
import { GeneralSettingsEntity } from '../platform/tenancy/general-settings.entity.ts';

/**
 * A user's trigger menu (spec 001 §6): only when the organisation has trigger menus enabled,
 * never for device users, and only from the trigger groups the organisation lists.
 */
export async function checkTriggerMenu(orgId: string, type: UserType, triggerGroupId: string | null | undefined): Promise<void> {
  if (!triggerGroupId) return;
  if (type === 'system') throw createError(400, 'Device users have no trigger menu', { expose: true });
  const { data } = await GeneralSettingsEntity.get({ orgId }).go();
  if (!data?.isTriggerMenusEnabled) throw createError(400, 'Trigger menus are not enabled for this organization', { expose: true });
  if (!(data.triggerMenusTriggerGroupIds ?? []).includes(triggerGroupId)) {
    throw createError(400, 'This trigger group cannot be used as a trigger menu', { expose: true });
  }
}
