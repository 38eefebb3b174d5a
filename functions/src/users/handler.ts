import { ACCESS_LEVELS } from '@portal/shared/users/access-levels';
import { orgPathSchema } from '@portal/shared/organizations/organizations.schema';
import { groupPathSchema, userGroupSchema } from '@portal/shared/users/user-group.schema';
import { createUserSchema, listUsersQuerySchema, setUserGroupsSchema, updateUserSchema, userPathSchema } from '@portal/shared/users/user.schema';
import { registerDeviceConfigListeners } from '../device-config/public.ts';
import { registerDeliveryAdapter } from '../platform/delivery/delivery.ts';
import { iotDataDelivery } from '../platform/delivery/iot-data.adapter.ts';
import { createModuleHandler, route } from '../platform/http/route.ts';
import { created, noContent, ok } from '../platform/http/responses.ts';
import { listRecipientOptions } from './recipients.service.ts';
import * as groups from './user-groups.service.ts';
import * as users from './users.service.ts';

// A user's trigger menu is in their devices' config messages: changing it signals device-config,
// which republishes them through the IoT data adapter (decision 0064); the local runtime registers its own adapter.
registerDeliveryAdapter(iotDataDelivery);
registerDeviceConfigListeners();

export const handler = createModuleHandler('users', {
  listUsers: route({ params: orgPathSchema, query: listUsersQuerySchema }, async ({ params, query }) => ok(await users.listUsers(params.orgId, query))),
  createUser: route({ params: orgPathSchema, body: createUserSchema }, async ({ params, body, principal }) =>
    created(await users.createUser(params.orgId, body, principal)),
  ),
  getUser: route({ params: userPathSchema }, async ({ params }) => ok(await users.getUser(params.orgId, params.userId))),
  updateUser: route({ params: userPathSchema, body: updateUserSchema }, async ({ params, body, principal }) =>
    ok(await users.updateUser(params.orgId, params.userId, body, principal)),
  ),
  deleteUser: route({ params: userPathSchema }, async ({ params, principal }) => {
    await users.deleteUser(params.orgId, params.userId, principal);
    return noContent();
  }),
  setUserGroups: route({ params: userPathSchema, body: setUserGroupsSchema }, async ({ params, body, principal }) =>
    ok(await users.setUserGroups(params.orgId, params.userId, body.user_group_ids, principal)),
  ),
  listUserGroups: route({ params: orgPathSchema }, async ({ params }) => ok(await groups.listUserGroups(params.orgId))),
  createUserGroup: route({ params: orgPathSchema, body: userGroupSchema }, async ({ params, body, principal }) =>
    created(await groups.createUserGroup(params.orgId, body, principal)),
  ),
  getUserGroup: route({ params: groupPathSchema }, async ({ params }) => ok(await groups.getUserGroup(params.orgId, params.groupId))),
  updateUserGroup: route({ params: groupPathSchema, body: userGroupSchema }, async ({ params, body, principal }) =>
    ok(await groups.updateUserGroup(params.orgId, params.groupId, body, principal)),
  ),
  deleteUserGroup: route({ params: groupPathSchema }, async ({ params, principal }) => {
    await groups.deleteUserGroup(params.orgId, params.groupId, principal);
    return noContent();
  }),
  listAccessLevels: route({ params: orgPathSchema }, async () => ok(ACCESS_LEVELS)),
  listRecipients: route({ params: orgPathSchema }, async ({ params }) => ok(await listRecipientOptions(params.orgId))),
});
