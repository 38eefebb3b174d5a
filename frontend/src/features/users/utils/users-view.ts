import type { UserKind } from '../../../lib/organization-data/users.ts';
import { orgPaths } from '../../../lib/paths.ts';

/** The tabs of /users (spec 001 §2). */
export const USERS_VIEWS = ['people', 'devices', 'groups', 'access-levels'] as const;
export type UsersView = (typeof USERS_VIEWS)[number];

/** The two user lists: people (types normal, entra) and device users (type system). */
export type UserListKind = UserKind;

interface ViewRoutes {
  list: string;
  create?: string;
  edit?: string;
  /** The header's add button: 'Add User', 'Add Group' or none. */
  add?: 'addUser' | 'addGroup';
}

export const VIEW_ROUTES: Record<UsersView, ViewRoutes> = {
  people: { list: orgPaths.users, create: orgPaths.usersCreate, edit: orgPaths.userEdit, add: 'addUser' },
  devices: { list: orgPaths.usersDevices, create: orgPaths.usersDevicesCreate, edit: orgPaths.usersDeviceEdit, add: 'addUser' },
  groups: { list: orgPaths.userGroups, create: orgPaths.userGroupsCreate, edit: orgPaths.userGroupEdit, add: 'addGroup' },
  'access-levels': { list: orgPaths.accessLevels },
};

const startsWith = (path: string, route: string) => path === route || path.startsWith(`${route}/`);

/** The tab a path inside the organisation belongs to (create and edit overlays included). */
export function usersViewOf(pathInOrg: string): UsersView {
  if (startsWith(pathInOrg, orgPaths.usersDevices)) return 'devices';
  if (startsWith(pathInOrg, orgPaths.userGroups)) return 'groups';
  if (startsWith(pathInOrg, orgPaths.accessLevels)) return 'access-levels';
  return 'people';
}

export const kindOfView = (view: 'people' | 'devices'): UserListKind => (view === 'devices' ? 'device' : 'person');
