import { array, mixed, number, object, string, type InferType } from 'yup';

/** Recipient kinds (spec 000 §3). */
export const RECIPIENT_TYPES = ['everyone', 'user', 'user_group', 'shift_activity_type'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

export const recipientSchema = object({
  id: string().required('Recipient id is required'),
  type: mixed<RecipientType>().oneOf([...RECIPIENT_TYPES], 'Unknown recipient type').required('Recipient type is required'),
});
export type Recipient = InferType<typeof recipientSchema>;

export const recipientGroupSchema = object({
  group_number: number().integer().min(0).required(),
  recipients: array(recipientSchema.required()).default([]),
});
export type RecipientGroup = InferType<typeof recipientGroupSchema>;

export const NO_RECIPIENTS = 'At least one recipient is required';

/**
 * recipient_groups with at least one recipient in group 0 (spec 000 §5: the submit group is
 * disabled until a recipient is chosen in recipient group 0).
 */
export const recipientGroupsSchema = array(recipientGroupSchema.required())
  .default([])
  .test('has-recipient', NO_RECIPIENTS, (groups) => (groups ?? []).some((g) => g.group_number === 0 && g.recipients.length > 0));

/** What the recipient picker offers (spec 000 §3): users, user groups, shift activity types and everyone. */
export interface RecipientOptions {
  users: Array<{ id: string; firstname: string; lastname: string }>;
  user_groups: Array<{ id: string; name: string; color: string; type: 'everyone' | 'other' }>;
  shifts: Array<{ id: string; name: string; color: string }>;
}
