import type { TriggerGroupType } from '@portal/shared/automation/automation.schema';
import { TriggerGroupEntity, type TriggerGroupItem } from './trigger-group.entity.ts';

export interface TriggerGroupFields {
  name: string;
  description: string;
  type: TriggerGroupType;
  triggerIds: string[];
}

// AP75: every trigger group of the organisation (at most TRIGGER_GROUPS_PER_ORG_MAX).
export async function listTriggerGroupRows(orgId: string): Promise<TriggerGroupItem[]> {
  return (await TriggerGroupEntity.query.byOrg({ orgId }).go({ pages: 'all' })).data;
}

/** AP75 for the organisation's cap: ids only. */
export async function countTriggerGroups(orgId: string): Promise<number> {
  return (await TriggerGroupEntity.query.byOrg({ orgId }).go({ pages: 'all', attributes: ['triggerGroupId'] })).data.length;
}

export async function getTriggerGroupRow(orgId: string, triggerGroupId: string): Promise<TriggerGroupItem | null> {
  return (await TriggerGroupEntity.get({ orgId, triggerGroupId }).go()).data;
}

export async function insertTriggerGroup(orgId: string, triggerGroupId: string, fields: TriggerGroupFields, createdBy: string, now: Date): Promise<TriggerGroupItem> {
  const at = now.toISOString();
  const item: TriggerGroupItem = { orgId, triggerGroupId, ...fields, createdBy, createdTime: at, updatedTime: at };
  await TriggerGroupEntity.create(item).go();
  return item;
}

/** Patch carries ElectroDB's attribute_exists condition: a missing group is refused (conditionalWrite). */
export async function patchTriggerGroup(orgId: string, triggerGroupId: string, fields: TriggerGroupFields, now: Date): Promise<TriggerGroupItem> {
  const { data } = await TriggerGroupEntity.patch({ orgId, triggerGroupId }).set({ ...fields, updatedTime: now.toISOString() }).go({ response: 'all_new' });
  return data as TriggerGroupItem;
}

/**
 * A deleted trigger leaves the groups that list it: each such group's list is set without it, on
 * the condition that the list is still the one read (a group edited meanwhile is read again).
 */
export async function setTriggerIds(orgId: string, triggerGroupId: string, before: string[], after: string[], now: Date): Promise<void> {
  await TriggerGroupEntity.patch({ orgId, triggerGroupId })
    .set({ triggerIds: after, updatedTime: now.toISOString() })
    .where((attr, op) => op.eq(attr.triggerIds, before))
    .go();
}

/** Remove carries attribute_exists: a missing group is refused (conditionalWrite). */
export async function removeTriggerGroup(orgId: string, triggerGroupId: string): Promise<void> {
  await TriggerGroupEntity.remove({ orgId, triggerGroupId }).go();
}
