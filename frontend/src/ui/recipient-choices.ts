import type { Recipient, RecipientOptions } from '@portal/shared/recipients/recipient.schema';

/** A section of the recipient picker (spec 000 §3: everyone, user groups, users, shifts). */
export type RecipientSection = 'everyone' | 'userGroups' | 'users' | 'shifts';

export interface RecipientChoice {
  key: string;
  recipient: Recipient;
  name: string;
  section: RecipientSection;
  color?: string;
}

export const recipientKey = (recipient: Pick<Recipient, 'id' | 'type'>) => `${recipient.type}:${recipient.id}`;

/**
 * Everything the picker offers, in its sections: the everyone group (as the `everyone`
 * recipient), other user groups with their colour, users by first and last name, shift activity types.
 * The everyone group shows as `everyoneName` (the user's language), never its stored English name.
 */
export function recipientChoices(options: RecipientOptions, everyoneName: string): RecipientChoice[] {
  const everyoneGroup = options.user_groups.find((group) => group.type === 'everyone');
  const everyone: Recipient = { id: everyoneGroup?.id ?? 'everyone', type: 'everyone' };
  const choice = (recipient: Recipient, name: string, section: RecipientSection, color?: string): RecipientChoice => ({
    key: recipientKey(recipient),
    recipient,
    name,
    section,
    ...(color ? { color } : {}),
  });
  return [
    choice(everyone, everyoneName, 'everyone', everyoneGroup?.color),
    ...options.user_groups.filter((g) => g.type !== 'everyone').map((g) => choice({ id: g.id, type: 'user_group' }, g.name, 'userGroups', g.color)),
    ...options.users.map((u) => choice({ id: u.id, type: 'user' }, `${u.firstname} ${u.lastname}`.trim(), 'users')),
    ...options.shifts.map((s) => choice({ id: s.id, type: 'shift_activity_type' }, s.name, 'shifts', s.color)),
  ];
}

/** Choices whose name contains the term (case-insensitive), not already chosen. */
export function filterChoices(choices: readonly RecipientChoice[], term: string, chosen: readonly Recipient[]): RecipientChoice[] {
  const taken = new Set(chosen.map(recipientKey));
  const needle = term.trim().toLocaleLowerCase();
  return choices.filter((c) => !taken.has(c.key) && (!needle || c.name.toLocaleLowerCase().includes(needle)));
}

/** The name a chosen recipient shows; an id the options no longer know shows as itself. */
export function nameOf(choices: readonly RecipientChoice[], recipient: Recipient): string {
  return choices.find((c) => c.key === recipientKey(recipient))?.name ?? recipient.id;
}
