import { describe, expect, it } from 'vitest';
import { resolveRecipients, type RecipientResolver } from './resolve-recipients.ts';

const at = new Date('2025-03-03T08:00:00Z');
const members = ['ann', 'bob', 'cem', 'dora'];
const groups: Record<string, string[]> = { kitchen: ['ann', 'bob'], bar: ['bob', 'cem'] };
let everyoneReads = 0;
const resolvers: Record<string, RecipientResolver> = {
  everyone: async () => {
    everyoneReads++;
    return members;
  },
  user: async (_org, ids) => ids.filter((id) => members.includes(id)),
  user_group: async (_org, ids) => ids.flatMap((id) => groups[id] ?? []),
  shift_activity_type: async (_org, ids, context) => (context.at === at && ids.includes('nurse') ? ['dora'] : []),
};

describe('recipient resolution', () => {
  it('turns groups of users, user groups and shift activity types into distinct user ids', async () => {
    const result = await resolveRecipients(
      'o1',
      [
        {
          group_number: 1,
          recipients: [
            { id: 'bar', type: 'user_group' },
            { id: 'nurse', type: 'shift_activity_type' },
          ],
        },
        {
          group_number: 0,
          recipients: [
            { id: 'kitchen', type: 'user_group' },
            { id: 'ann', type: 'user' },
            { id: 'stranger', type: 'user' },
          ],
        },
      ],
      { at, resolvers },
    );
    expect(result.groups).toEqual([
      { group_number: 0, user_ids: ['ann', 'bob'] },
      { group_number: 1, user_ids: ['bob', 'cem', 'dora'] },
    ]);
    expect(result.recipients).toEqual([
      { userId: 'ann', groupNumber: 0 },
      { userId: 'bob', groupNumber: 0 },
      { userId: 'cem', groupNumber: 1 },
      { userId: 'dora', groupNumber: 1 },
    ]);
    expect(result.resolved_recipient_groups).toEqual([
      { group_number: 0, recipients: [{ id: 'ann', type: 'user' }, { id: 'bob', type: 'user' }] },
      { group_number: 1, recipients: [{ id: 'cem', type: 'user' }, { id: 'dora', type: 'user' }] },
    ]);
  });

  it('reads everyone once however often it is chosen', async () => {
    everyoneReads = 0;
    const result = await resolveRecipients(
      'o1',
      [
        { group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] },
        { group_number: 1, recipients: [{ id: 'everyone', type: 'everyone' }] },
      ],
      { at, resolvers },
    );
    expect(everyoneReads).toBe(1);
    expect(result.recipients.map((r) => r.userId)).toEqual(members);
    expect(result.groups[1]!.user_ids).toEqual(members);
  });
});
