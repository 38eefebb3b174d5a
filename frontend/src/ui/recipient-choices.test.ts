import { describe, expect, it } from 'vitest';
import { filterChoices, nameOf, recipientChoices } from './recipient-choices.ts';

const options = {
  users: [{ id: 'u1', firstname: 'Ada', lastname: 'Lovelace' }],
  user_groups: [
    { id: 'everyone', name: 'Everyone', color: '#757575', type: 'everyone' as const },
    { id: 'g1', name: 'Kitchen', color: '#E53935', type: 'other' as const },
  ],
  shifts: [],
};

describe('recipient choices', () => {
  it('offers everyone, user groups with colour, users by first and last name', () => {
    expect(recipientChoices(options, 'Everyone').map((c) => [c.section, c.key, c.name, c.color])).toEqual([
      ['everyone', 'everyone:everyone', 'Everyone', '#757575'],
      ['userGroups', 'user_group:g1', 'Kitchen', '#E53935'],
      ['users', 'user:u1', 'Ada Lovelace', undefined],
    ]);
    expect(recipientChoices(options, 'Alle')[0]).toMatchObject({ recipient: { id: 'everyone', type: 'everyone' }, name: 'Alle' });
    expect(recipientChoices({ ...options, user_groups: [] }, 'Alle')[0]).toMatchObject({ recipient: { id: 'everyone', type: 'everyone' }, name: 'Alle' });
  });

  it('filters by name and hides chosen ones', () => {
    const choices = recipientChoices(options, 'Everyone');
    expect(filterChoices(choices, 'kit', []).map((c) => c.name)).toEqual(['Kitchen']);
    expect(filterChoices(choices, '', [{ id: 'g1', type: 'user_group' }]).map((c) => c.name)).toEqual(['Everyone', 'Ada Lovelace']);
    expect(nameOf(choices, { id: 'u1', type: 'user' })).toBe('Ada Lovelace');
    expect(nameOf(choices, { id: 'gone', type: 'user' })).toBe('gone');
  });
});
