import { mixed, number, object, type InferType } from 'yup';
import { id, list } from '../validation/fields.ts';
import { serverMessage } from '../api/server-messages.ts';

/** Recipient kinds (spec 000 §3). */
export const RECIPIENT_TYPES = ['everyone', 'user', 'user_group', 'shift_activity_type'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

export const recipientSchema = object({
  id: id('Recipient id').required('Recipient id is required'),
  type: mixed<RecipientType>().oneOf([...RECIPIENT_TYPES], 'Unknown recipient type').required('Recipient type is required'),
});
export type Recipient = InferType<typeof recipientSchema>;

/** Escalation levels an action may have, and the recipients one level may name (the picker's limit). */
export const RECIPIENT_GROUPS_MAX = 10;
export const RECIPIENTS_PER_GROUP_MAX = 500;
const GROUP_NUMBER_MESSAGE = `Recipient group number must be a whole number from 0 to ${RECIPIENT_GROUPS_MAX - 1}`;

export const recipientGroupSchema = object({
  group_number: number()
    .integer(GROUP_NUMBER_MESSAGE)
    .min(0, GROUP_NUMBER_MESSAGE)
    .max(RECIPIENT_GROUPS_MAX - 1, GROUP_NUMBER_MESSAGE)
    .required(GROUP_NUMBER_MESSAGE),
  recipients: list(recipientSchema.required('Recipient is required'), RECIPIENTS_PER_GROUP_MAX, 'Recipients').default([]),
});
export type RecipientGroup = InferType<typeof recipientGroupSchema>;

export const NO_RECIPIENTS = serverMessage('recipients.required', 'At least one recipient is required');

/** recipient_groups as a template stores them: possibly none yet. */
export const recipientGroupListSchema = list(recipientGroupSchema.required('Recipient group is required'), RECIPIENT_GROUPS_MAX, 'Recipient groups').default([]);

/**
 * recipient_groups with at least one recipient in group 0 (spec 000 §5: the submit group is
 * disabled until a recipient is chosen in recipient group 0).
 */
export const recipientGroupsSchema = recipientGroupListSchema.test('has-recipient', NO_RECIPIENTS, (groups) =>
  (groups ?? []).some((g) => g?.group_number === 0 && (g.recipients?.length ?? 0) > 0),
);

/** What the recipient picker offers (spec 000 §3): users, user groups, shift activity types and everyone. */
export interface RecipientOptions {
  users: Array<{ id: string; firstname: string; lastname: string }>;
  user_groups: Array<{ id: string; name: string; color: string; type: 'everyone' | 'other' }>;
  shifts: Array<{ id: string; name: string; color: string }>;
}
