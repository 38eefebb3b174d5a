import { describe, expect, it } from 'vitest';
import { firstStep, renumberedGroups } from './send-plan.ts';

const user = (id: string) => ({ id, type: 'user' as const });

describe('renumberedGroups', () => {
  it('drops groups without recipients and numbers the rest 0..n-1 in their order', () => {
    expect(
      renumberedGroups([
        { group_number: 3, recipients: [user('c')] },
        { group_number: 0, recipients: [user('a')] },
        { group_number: 1, recipients: [] },
        { group_number: 2, recipients: [user('b'), user('d')] },
      ]),
    ).toEqual([
      { group_number: 0, recipients: [user('a')] },
      { group_number: 1, recipients: [user('b'), user('d')] },
      { group_number: 2, recipients: [user('c')] },
    ]);
  });
});

describe('firstStep', () => {
  const resolved = [
    { userId: 'creator', groupNumber: 0 },
    { userId: 'a', groupNumber: 1 },
    { userId: 'b', groupNumber: 1 },
    { userId: 'c', groupNumber: 2 },
  ];

  it('asks group 0 with the creator when not excluded', () => {
    expect(firstStep(resolved, null)).toEqual({
      step: 0,
      userIds: ['creator'],
      later: [
        { userId: 'a', groupNumber: 1 },
        { userId: 'b', groupNumber: 1 },
        { userId: 'c', groupNumber: 2 },
      ],
      total: 4,
    });
  });

  it('starts at the first group with someone left once the creator is excluded', () => {
    expect(firstStep(resolved, 'creator')).toEqual({ step: 1, userIds: ['a', 'b'], later: [{ userId: 'c', groupNumber: 2 }], total: 3 });
  });

  it('is null when nobody is left', () => {
    expect(firstStep([{ userId: 'creator', groupNumber: 0 }], 'creator')).toBeNull();
    expect(firstStep([], null)).toBeNull();
  });
});
