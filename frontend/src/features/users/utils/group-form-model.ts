import { searchKey } from '@portal/shared/text/search-key';
import { isEveryoneGroup, type UserGroupDto, type UserGroupInput } from '@portal/shared/users/user-group.schema';

export interface GroupFormValues {
  name: string;
  color: string;
  users: string[];
}

export { isEveryoneGroup };

export function toGroupFormValues(group?: UserGroupDto): GroupFormValues {
  return { name: group?.name ?? '', color: group?.color.toUpperCase() ?? '', users: group?.users ?? [] };
}

/** POST/PUT user-groups: the everyone group keeps its name and members, so only its colour changes. */
export function toGroupBody(values: GroupFormValues, group?: UserGroupDto): UserGroupInput {
  if (group && isEveryoneGroup(group)) return { name: group.name, color: values.color };
  return { name: values.name.trim(), color: values.color, users: values.users };
}

/** Spec 001 §3: the everyone group always comes first, then by name. */
export function sortGroups(groups: readonly UserGroupDto[]): UserGroupDto[] {
  return [...groups].sort((a, b) => {
    const everyone = Number(isEveryoneGroup(b)) - Number(isEveryoneGroup(a));
    return everyone || searchKey(a.name).localeCompare(searchKey(b.name));
  });
}
