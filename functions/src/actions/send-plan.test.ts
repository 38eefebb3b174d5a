import { describe, expect, it } from 'vitest';
import { activitiesOf, addedAtStep, firstStep, groupsAtSend, renumberedGroups } from './send-plan.ts';

const user = (id: string) => ({ id, type: 'user' as const });
const activity = (id: string) => ({ id, type: 'shift_activity_type' as const });

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

describe('shift activities at their step (decision 0034)', () => {
  const groups = [
    { group_number: 0, recipients: [user('a'), activity('till')] },
    { group_number: 1, recipients: [activity('till'), user('b')] },
    { group_number: 2, recipients: [activity('stock')] },
  ];

  it("resolves the first step's activities at the send and leaves a later group's to its step", () => {
    expect(groupsAtSend(groups, 0)).toEqual([groups[0], { group_number: 1, recipients: [user('b')] }, { group_number: 2, recipients: [] }]);
    expect(groupsAtSend(groups, 1)).toEqual([groups[0], groups[1], { group_number: 2, recipients: [] }]);
    // Nothing to leave out: the groups themselves, so the send resolves once.
    expect(groupsAtSend(groups, 2)).toBe(groups);
    expect(activitiesOf(groups[1])).toEqual([activity('till')]);
    expect(activitiesOf(undefined)).toEqual([]);
  });

  it('adds those on shift not asked or staged for the group or before, each once, without the excluded creator', () => {
    const rows = [
      { userId: 'a', groupNumber: 0 },
      { userId: 'b', groupNumber: 1 },
      { userId: 'c', groupNumber: 2 },
    ];
    // c is staged for group 2: the activity of group 1 asks them now, at the first group naming them.
    expect(addedAtStep(['a', 'b', 'c', 'd', 'd', 'creator'], rows, 1, 'creator')).toEqual(['c', 'd']);
    expect(addedAtStep(['c', 'creator'], rows, 2, null)).toEqual(['creator']);
  });
});
