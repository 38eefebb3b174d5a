import { userGroupsResource } from '../../../lib/organization-data/user-groups.ts';

/** POST user-groups or PUT user-groups/{id}, and DELETE: every users query is read again. */
export const useSaveUserGroup = userGroupsResource.useSave;
export const useDeleteUserGroup = userGroupsResource.useDelete;
