import type { RouteObject } from 'react-router-dom';
import { orgPaths, routePattern } from '../../../lib/paths.ts';

const layout = () => import('./users-layout.route.tsx');
const lists = () => import('./user-list.route.tsx');
const cards = () => import('./user-card.route.tsx');
const groups = () => import('./groups.route.tsx');
const groupCard = () => import('./group-card.route.tsx');

/**
 * /users/{view?} with its overlays (spec 001 §2): Users, Device Specific, Groups, Access Levels;
 * {view}/create and {view}/{id}/edit. The app gates it for managers; every page loads on demand.
 */
export const usersRoute: RouteObject = {
  path: routePattern(orgPaths.users),
  lazy: async () => ({ Component: (await layout()).UsersLayoutRoute }),
  children: [
    {
      lazy: async () => ({ Component: (await lists()).PeopleListRoute }),
      children: [
        { index: true },
        { path: routePattern(orgPaths.usersCreate, orgPaths.users), lazy: async () => ({ Component: (await cards()).PersonCreateRoute }) },
        { path: routePattern(orgPaths.userEdit, orgPaths.users), lazy: async () => ({ Component: (await cards()).PersonEditRoute }) },
      ],
    },
    {
      path: routePattern(orgPaths.usersDevices, orgPaths.users),
      lazy: async () => ({ Component: (await lists()).DeviceUsersListRoute }),
      children: [
        {
          path: routePattern(orgPaths.usersDevicesCreate, orgPaths.usersDevices),
          lazy: async () => ({ Component: (await cards()).DeviceUserCreateRoute }),
        },
        {
          path: routePattern(orgPaths.usersDeviceEdit, orgPaths.usersDevices),
          lazy: async () => ({ Component: (await cards()).DeviceUserEditRoute }),
        },
      ],
    },
    {
      path: routePattern(orgPaths.userGroups, orgPaths.users),
      lazy: async () => ({ Component: (await groups()).GroupsRoute }),
      children: [
        {
          path: routePattern(orgPaths.userGroupsCreate, orgPaths.userGroups),
          lazy: async () => ({ Component: (await groupCard()).GroupCreateRoute }),
        },
        {
          path: routePattern(orgPaths.userGroupEdit, orgPaths.userGroups),
          lazy: async () => ({ Component: (await groupCard()).GroupEditRoute }),
        },
      ],
    },
    {
      path: routePattern(orgPaths.accessLevels, orgPaths.users),
      lazy: async () => ({ Component: (await import('./access-levels.route.tsx')).AccessLevelsRoute }),
    },
    { path: '*', lazy: async () => ({ Component: (await layout()).UsersRedirect }) },
  ],
};
