import { useQuery } from '@tanstack/react-query';
import type { ListDto, TriggerGroupDto, TriggerGroupInput } from '@portal/shared/automation/automation.schema';
import { isFeatureAvailable } from '@portal/shared/tenancy/landing-route';
import { crudResource } from '../resource-api.ts';
import { accessInputOf, useOrganizationContext } from '../organization-context.tsx';
import { orgDataKeys } from './query-keys.ts';

/** A trigger group to choose, by id and name (the automation module's trigger groups, spec 001). */
export interface TriggerGroupOption {
  id: string;
  name: string;
}

const NONE: readonly TriggerGroupOption[] = [];

/** The automation module's trigger groups: its pages edit them, the pickers here read them, under one key. */
export const triggerGroupsResource = crudResource<{ item: TriggerGroupDto; input: TriggerGroupInput; list: ListDto<TriggerGroupDto> }>()({
  module: 'automation',
  key: orgDataKeys.triggerGroups,
  id: 'triggerGroupId',
  list: 'listTriggerGroups',
  get: 'getTriggerGroup',
  create: 'createTriggerGroup',
  update: 'updateTriggerGroup',
  remove: 'deleteTriggerGroup',
});

/**
 * GET trigger-groups: the organisation's trigger groups in one answer (at most
 * TRIGGER_GROUPS_PER_ORG_MAX). The automation pages list them under the same key, so a group saved
 * there refreshes every picker.
 */
export const triggerGroupListQueryOptions = (orgId: string) => triggerGroupsResource.listQueryOptions(orgId, { staleTime: 60_000 });

/** By name, for a select. Module-level so the query keeps its selected result between renders. */
export const toTriggerGroupOptions = (list: ListDto<TriggerGroupDto>): TriggerGroupOption[] =>
  list.items.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));

/**
 * The organisation's trigger groups for pickers (a tablet's trigger group, a user's trigger menu,
 * the groups that may be menus). Only managers may read them, and only while automation is on
 * (spec 001 §6); anyone else gets the empty list, and pickers then offer the ids already stored in
 * general settings, so a stored choice is kept and shown.
 */
export function useTriggerGroupOptions(orgId: string): readonly TriggerGroupOption[] {
  const context = useOrganizationContext();
  const allowed = isFeatureAvailable('automation', accessInputOf(context));
  const groups = useQuery({ ...triggerGroupListQueryOptions(orgId), enabled: allowed, select: toTriggerGroupOptions });
  return allowed && groups.data ? groups.data : NONE;
}

export interface TriggerGroupChoice {
  id: string;
  /** Absent for an id that is stored but not (or not yet) among the known trigger groups. */
  name?: string;
}

/**
 * What a trigger group picker offers: the known trigger groups by name, then ids stored in
 * settings that are not among them (so a stored value stays selectable), the current one included.
 */
export function triggerGroupChoices(known: readonly { id: string; name: string }[], storedIds: readonly string[], current: string): TriggerGroupChoice[] {
  const knownIds = new Set(known.map((group) => group.id));
  const stored = [...new Set([...storedIds, current])].filter((id) => id && !knownIds.has(id)).map((id) => ({ id }));
  return [...known.map(({ id, name }) => ({ id, name })), ...stored];
}
