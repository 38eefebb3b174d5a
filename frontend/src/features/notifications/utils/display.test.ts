import { describe, expect, it } from 'vitest';
import { daysLabel, statusRows } from './display.ts';

describe('details display', () => {
  it('lists each recipient by name with NotSent, Sent or Read', () => {
    const status = { user_ids: ['u1', 'u2', 'u3'], sent_user_ids: ['u1', 'u2'], received_user_ids: ['u1', 'u2'], read_user_ids: ['u2'], resolved_recipient_groups: [] };
    const users = [
      { id: 'u1', firstname: 'Bea', lastname: 'B' },
      { id: 'u2', firstname: 'Ada', lastname: 'A' },
    ];
    expect(statusRows(status, { users })).toEqual([
      { userId: 'u2', name: 'Ada A', state: 'Read' },
      { userId: 'u1', name: 'Bea B', state: 'Sent' },
      { userId: 'u3', name: 'u3', state: 'NotSent' },
    ]);
  });

  it('names a series’ days by shortcut or by day', () => {
    const t = (key: string) => key.split('.').pop()!;
    expect(daysLabel(['saturday', 'sunday'], t)).toBe('weekends');
    expect(daysLabel(['monday', 'friday'], t)).toBe('monday, friday');
  });
});
