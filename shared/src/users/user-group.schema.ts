import { array, object, string, type InferType } from 'yup';
import { USER_GROUP_COLORS } from '../constants.ts';

export const EVERYONE_GROUP_ID = 'everyone';

/** Group form (spec 001 §5). Colours are the 22 presets. */
export const userGroupSchema = object({
  name: string().trim().required('Name is required').max(60, 'Name must be at most 60 characters'),
  color: string()
    .required('Color is required')
    .oneOf([...USER_GROUP_COLORS, ...USER_GROUP_COLORS.map((c) => c.toLowerCase())], 'Color must be one of the preset colours'),
  users: array(string().required()).optional(),
});
export type UserGroupInput = InferType<typeof userGroupSchema>;

export const groupPathSchema = object({ orgId: string().required(), groupId: string().required() });

export interface UserGroupDto {
  id: string;
  name: string;
  color: string;
  type: 'everyone' | 'other';
  users?: string[];
  /** With `users` on a single group: the members' names, for the members picker. */
  members?: Array<{ id: string; firstname: string; lastname: string }>;
}
