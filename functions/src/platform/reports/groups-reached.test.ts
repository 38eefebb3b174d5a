import { describe, expect, it } from 'vitest';
import { MAX_GROUP_ROWS, groupsReached } from './groups-reached.ts';

const users = (...ids: string[]) => ids.map((id) => ({ id, type: 'user' as const }));
const group = (group_number: number, recipients: Array<{ id: string; type: 'user' | 'user_group' | 'shift_activity_type' | 'everyone' }>) => ({ group_number, recipients });

describe('groups reached (decision 0087)', () => {
  it('names everyone and a group asked twice once, people one by one as user:*', () => {
    expect(groupsReached([group(0, [{ id: 'all', type: 'everyone' }, { id: 'g1', type: 'user_group' }]), group(1, [{ id: 'g1', type: 'user_group' }, ...users('u9')])], 0, 1)).toEqual([
      'everyone:all',
      'user:*',
      'user_group:g1',
    ]);
  });

  it('reads only the groups asked, first to last', () => {
    const groups = [group(0, users('u1')), group(1, [{ id: 'act-1', type: 'shift_activity_type' }]), group(2, [{ id: 'g2', type: 'user_group' }])];
    expect(groupsReached(groups, 1, 1)).toEqual(['shift_activity_type:act-1']);
    expect(groupsReached(groups, 0, 2)).toEqual(['shift_activity_type:act-1', 'user:*', 'user_group:g2']);
    expect(groupsReached([], 0, 0)).toEqual([]);
  });

  it('past MAX_GROUP_ROWS entries, the rest count together as other:*', () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ id: `g${String(i).padStart(3, '0')}`, type: 'user_group' as const }));
    const reached = groupsReached([group(0, many)], 0, 0);
    expect(reached).toHaveLength(MAX_GROUP_ROWS);
    expect(reached.slice(0, 2)).toEqual(['user_group:g000', 'user_group:g001']);
    expect(reached.at(-1)).toBe('other:*');
  });
});
