import { USER_MESSAGES, isTriggerMenuRequired, type UserType } from '@portal/shared/users/user.schema';
import { InvalidInputError } from '../platform/errors/domain-errors.ts';
import { assertOwnedIds } from '../platform/tenancy/owned-ids.ts';
import { triggerMenuRule } from '../settings/public.ts';

const FIELD = 'trigger_menus_default_trigger_group_id';

/**
 * A user's trigger menu (spec 001 §5, §6): only when the organisation has trigger menus enabled
 * (asked of the settings module), never for device users, and only from the trigger groups the
 * organisation lists; while menus are on and any group is listed, a person must have one. The id
 * must be a trigger group of the organisation that its list offers (owned-ids' `triggerMenuGroup`,
 * docs/security.md, "Ids in request bodies").
 * `sent` is the request's value (undefined: left out, the stored one stays); `stored` the current one.
 */
export async function checkTriggerMenu(orgId: string, type: UserType, sent: string | null | undefined, stored?: string): Promise<void> {
  const rule = await triggerMenuRule(orgId);
  const resulting = sent === undefined ? stored : sent;
  if (!sent) {
    if (!resulting && isTriggerMenuRequired(type, rule)) throw InvalidInputError.onField(FIELD, USER_MESSAGES.triggerMenuRequired);
    return;
  }
  if (type === 'system') throw new InvalidInputError(USER_MESSAGES.noTriggerMenuForDeviceUsers);
  if (!rule.enabled) throw new InvalidInputError(USER_MESSAGES.triggerMenusDisabled);
  await assertOwnedIds(orgId, [{ field: FIELD, kind: 'triggerMenuGroup', ids: [sent], message: USER_MESSAGES.triggerMenuNotListed }]);
}
