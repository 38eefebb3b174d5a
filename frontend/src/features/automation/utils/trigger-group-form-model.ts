import type { TriggerDto, TriggerGroupDto, TriggerGroupInput, TriggerGroupType } from '@portal/shared/automation/automation.schema';
import { TRIGGER_GROUP_TYPES } from '@portal/shared/constants';
import { searchKey } from '@portal/shared/text/search-key';

/** The trigger group form's values are the API's shape, validated by the shared `triggerGroupSchema`. */
export type TriggerGroupFormValues = TriggerGroupInput;

export const GROUP_TYPES: readonly TriggerGroupType[] = TRIGGER_GROUP_TYPES;

export function toGroupFormValues(group?: TriggerGroupDto): TriggerGroupFormValues {
  return { name: group?.name ?? '', description: group?.description ?? '', type: group?.type ?? 'general', trigger_ids: [...(group?.trigger_ids ?? [])] };
}

export function toGroupBody(values: TriggerGroupFormValues): TriggerGroupInput {
  return { name: values.name.trim(), description: values.description.trim(), type: values.type, trigger_ids: [...values.trigger_ids] };
}

/** The triggers not yet in the group, by name, for its "add" choice. */
export function addableTriggers(triggers: readonly TriggerDto[], chosen: readonly string[]): TriggerDto[] {
  return sortByName(triggers.filter((trigger) => !chosen.includes(trigger.id)));
}

/** Lists show triggers and groups by name, as people look for them. */
export function sortByName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => searchKey(a.name).localeCompare(searchKey(b.name)));
}
