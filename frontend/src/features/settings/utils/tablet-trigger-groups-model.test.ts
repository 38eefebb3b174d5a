import { describe, expect, it } from 'vitest';
import { groupsOfTablets, isChanged, toTriggerGroupMap } from './tablet-trigger-groups-model.ts';

const tablets = [{ id: 'd1' }, { id: 'd2' }, { id: 'd3' }];
// d9 is a tablet deleted since; d1 and d3 have groups.
const map = [
  { device_id: 'd3', trigger_group_id: 'tg-b' },
  { device_id: 'd9', trigger_group_id: 'tg-a' },
  { device_id: 'd1', trigger_group_id: 'tg-a' },
];

describe('the tablets’ trigger groups on /settings/tablet', () => {
  it('reads each listed tablet’s group from the map, none for a tablet without one', () => {
    expect(groupsOfTablets(tablets, map)).toEqual({ d1: 'tg-a', d2: '', d3: 'tg-b' });
    expect(groupsOfTablets([], map)).toEqual({});
  });

  it('is changed only when a listed tablet’s choice differs', () => {
    const stored = groupsOfTablets(tablets, map);
    expect(isChanged(tablets, { ...stored }, stored)).toBe(false);
    expect(isChanged(tablets, { ...stored, d2: 'tg-a' }, stored)).toBe(true);
    expect(isChanged(tablets, { ...stored, d1: '' }, stored)).toBe(true);
    // A tablet registered after the page loaded has no choice yet: none, unchanged.
    expect(isChanged([...tablets, { id: 'd4' }], stored, stored)).toBe(false);
  });

  it('saves one row per listed tablet with a group, in the list’s order, without deleted tablets', () => {
    expect(toTriggerGroupMap(tablets, { d1: 'tg-a', d2: '', d3: 'tg-b' })).toEqual([
      { device_id: 'd1', trigger_group_id: 'tg-a' },
      { device_id: 'd3', trigger_group_id: 'tg-b' },
    ]);
    expect(toTriggerGroupMap(tablets, { d1: '', d2: '', d3: '' })).toEqual([]);
  });
});
