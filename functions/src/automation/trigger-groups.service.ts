import {
  AUTOMATION_MESSAGES,
  TRIGGER_GROUPS_PER_ORG_MAX,
  type ListDto,
  type TriggerGroupDto,
  type TriggerGroupInput,
  type TriggerMenu,
} from '@portal/shared/automation/automation.schema';
import { recordChange, type AuditActor } from '../audit/public.ts';
import { conditionalWrite } from '../platform/db/conditional-write.ts';
import { newId } from '../platform/db/ids.ts';
import { ConflictError, NotFoundError } from '../platform/errors/domain-errors.ts';
import { assertOwnedIds } from '../platform/tenancy/owned-ids.ts';
import { forgetTriggerGroup } from '../settings/public.ts';
import { triggerMenusChanged } from './automation-signals.ts';
import { triggerGroupChange } from './trigger-changes.ts';
import type { TriggerGroupItem } from './trigger-group.entity.ts';
import * as repo from './trigger-groups.repository.ts';
import { listTriggerNames } from './triggers.repository.ts';

const notFound = () => new NotFoundError(AUTOMATION_MESSAGES.triggerGroupNotFound);

function toDto(item: TriggerGroupItem): TriggerGroupDto {
  return {
    id: item.triggerGroupId,
    name: item.name,
    description: item.description,
    type: item.type,
    trigger_ids: [...item.triggerIds],
    created_by: item.createdBy,
    created_time: item.createdTime,
    updated_time: item.updatedTime,
  };
}

/** The stored fields: a trigger named twice keeps its first place. The triggers must be the organisation's. */
async function fieldsOf(orgId: string, input: TriggerGroupInput): Promise<repo.TriggerGroupFields> {
  const triggerIds = [...new Set(input.trigger_ids)];
  await assertOwnedIds(orgId, [{ field: 'trigger_ids', kind: 'trigger', ids: triggerIds }]);
  return { name: input.name, description: input.description, type: input.type, triggerIds };
}

/** AP75: the organisation's trigger groups by name. */
export async function listTriggerGroups(orgId: string): Promise<ListDto<TriggerGroupDto>> {
  const items = await repo.listTriggerGroupRows(orgId);
  return { items: items.map(toDto).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)) };
}

/** The trigger group, or 404 `triggerGroupNotFound`. */
export async function requireTriggerGroup(orgId: string, triggerGroupId: string): Promise<TriggerGroupDto> {
  const item = await repo.getTriggerGroupRow(orgId, triggerGroupId);
  if (!item) throw notFound();
  return toDto(item);
}

export async function createTriggerGroup(orgId: string, actor: AuditActor, input: TriggerGroupInput, now = new Date()): Promise<TriggerGroupDto> {
  const fields = await fieldsOf(orgId, input);
  if ((await repo.countTriggerGroups(orgId)) >= TRIGGER_GROUPS_PER_ORG_MAX) throw new ConflictError(AUTOMATION_MESSAGES.triggerGroupsLimit);
  const item = await repo.insertTriggerGroup(orgId, newId(now.getTime()), fields, actor.userId, now);
  await recordChange(orgId, actor, triggerGroupChange('created', null, item));
  return toDto(item);
}

export async function updateTriggerGroup(orgId: string, triggerGroupId: string, input: TriggerGroupInput, actor: AuditActor, now = new Date()): Promise<TriggerGroupDto> {
  const fields = await fieldsOf(orgId, input);
  const before = await repo.getTriggerGroupRow(orgId, triggerGroupId);
  let item: TriggerGroupItem | undefined;
  const written = await conditionalWrite(async () => {
    item = await repo.patchTriggerGroup(orgId, triggerGroupId, fields, now);
  });
  if (!written || !item || !before) throw notFound();
  await recordChange(orgId, actor, triggerGroupChange('updated', before, item));
  // A group is a device's trigger menu (its config message, docs/device-protocol.md §5).
  await triggerMenusChanged.emit({ orgId });
  return toDto(item);
}

/**
 * Deletes the group; it leaves the trigger-menu list and the tablet map of general settings. Users
 * whose menu it was keep the id, which names no menu any more (`triggerMenuOf` answers null) until
 * their menu is chosen again (decision 0039).
 */
export async function deleteTriggerGroup(orgId: string, triggerGroupId: string, actor: AuditActor): Promise<void> {
  const before = await repo.getTriggerGroupRow(orgId, triggerGroupId);
  if (!before || !(await conditionalWrite(() => repo.removeTriggerGroup(orgId, triggerGroupId)))) throw notFound();
  await recordChange(orgId, actor, triggerGroupChange('deleted', before, null));
  await forgetTriggerGroup(orgId, triggerGroupId);
  await triggerMenusChanged.emit({ orgId });
}

/** A deleted trigger leaves every group that lists it; a group edited meanwhile is read again. */
export async function dropTriggerFromGroups(orgId: string, triggerId: string, now = new Date()): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const listing = (await repo.listTriggerGroupRows(orgId)).filter((group) => group.triggerIds.includes(triggerId));
    if (listing.length === 0) return;
    await Promise.all(
      listing.map((group) =>
        conditionalWrite(() => repo.setTriggerIds(orgId, group.triggerGroupId, group.triggerIds, group.triggerIds.filter((id) => id !== triggerId), now)),
      ),
    );
  }
}

/**
 * A device's or a user's trigger menu (contract: devices' config messages, the watch's menu): the
 * group's triggers in its order with their names, triggers deleted since left out; null when the
 * group is gone.
 */
export async function triggerMenuOf(orgId: string, triggerGroupId: string): Promise<TriggerMenu | null> {
  const [group, names] = await Promise.all([repo.getTriggerGroupRow(orgId, triggerGroupId), listTriggerNames(orgId)]);
  if (!group) return null;
  const byId = new Map(names.map((t) => [t.triggerId, t.name]));
  return {
    trigger_group_id: group.triggerGroupId,
    name: group.name,
    triggers: group.triggerIds.filter((id) => byId.has(id)).map((id) => ({ id, name: byId.get(id)! })),
  };
}
