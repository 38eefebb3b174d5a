import { describe, expect, it } from 'vitest';
import { displayName, userInitials } from './user-initials.ts';

describe('userInitials', () => {
  it('takes the first letters of first and last name', () => {
    expect(userInitials({ firstname: 'ada', lastname: 'Lovelace', email: 'x@y.z' })).toBe('AL');
    expect(userInitials({ firstname: 'Ömer', email: 'x@y.z' })).toBe('Ö');
  });

  it('falls back to the email, then to a question mark', () => {
    expect(userInitials({ email: 'ada.lovelace@demo.local' })).toBe('AL');
    expect(userInitials({ email: 'admin@demo.local' })).toBe('A');
    expect(userInitials({ firstname: '  ', email: '' })).toBe('?');
    expect(userInitials({})).toBe('?');
  });
});

describe('displayName', () => {
  it('joins the names, else shows the email', () => {
    expect(displayName({ firstname: 'Ada', lastname: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ email: 'admin@demo.local' })).toBe('admin@demo.local');
  });
});
