import { describe, expect, it } from 'vitest';
import de from '../../app/locales/de.json';
import en from '../../app/locales/en.json';
import { groupDisplayName } from './user-groups.ts';

describe('groupDisplayName', () => {
  it("shows the built-in group in the user's language by its flag, whatever its stored name", () => {
    expect(groupDisplayName({ id: 'everyone', type: 'everyone', name: 'Everyone' }, de.groups.everyone)).toBe('Alle');
    expect(groupDisplayName({ id: 'everyone', type: 'everyone', name: 'Everyone' }, en.groups.everyone)).toBe('Everyone');
    expect(groupDisplayName({ id: 'x1', type: 'everyone', name: 'Renamed by an old release' }, de.groups.everyone)).toBe('Alle');
  });

  it('shows any other group by its own name, even one called Everyone', () => {
    expect(groupDisplayName({ id: 'g1', type: 'other', name: 'Kitchen' }, de.groups.everyone)).toBe('Kitchen');
    expect(groupDisplayName({ id: 'g2', type: 'other', name: 'Everyone' }, de.groups.everyone)).toBe('Everyone');
  });
});
