import { object, string, type InferType } from 'yup';
import { USER_GROUP_COLORS } from '../constants.ts';
import { id, list } from '../validation/fields.ts';
import { serverMessages } from '../api/server-messages.ts';

/** Members one group may have; larger audiences are the everyone group or several groups (decision 0010). */
export const USER_GROUP_MEMBERS_MAX = 1_000;

export { EVERYONE_GROUP_ID, isEveryoneGroup } from './everyone-group.ts';

/** Group form (spec 001 §5). Colours are the 22 presets. */
export const userGroupSchema = object({
  name: string().max(60, 'Name must be at most 60 characters').trim().required('Name is required'),
  color: string()
    .max(7, 'Color must be one of the preset colours')
    .required('Color is required')
    .oneOf([...USER_GROUP_COLORS, ...USER_GROUP_COLORS.map((c) => c.toLowerCase())], 'Color must be one of the preset colours'),
  users: list(id('User id').required('User id is required'), USER_GROUP_MEMBERS_MAX, 'Members').optional(),
});
export type UserGroupInput = InferType<typeof userGroupSchema>;

export const groupPathSchema = object({ orgId: id('Organization id').required(), groupId: id('Group id').required() });

export interface UserGroupDto {
  id: string;
  name: string;
  color: string;
  type: 'everyone' | 'other';
  users?: string[];
  /** With `users` on a single group: the members' names, for the members picker. */
  members?: Array<{ id: string; firstname: string; lastname: string }>;
}

export const USER_GROUP_MESSAGES = serverMessages('userGroups', {
  notFound: 'User group not found',
  everyoneCannotBeRenamed: 'The everyone group cannot be renamed',
  everyoneCannotBeDeleted: 'The everyone group cannot be deleted',
} as const);
