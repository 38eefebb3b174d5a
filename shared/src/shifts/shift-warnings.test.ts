import { describe, expect, it } from 'vitest';
import { shiftWarnings, type WarnableShift } from './shift-warnings.ts';

const shift = (id: string, user_id: string, start_at: string, end_at: string, activities: unknown[] = ['a']): WarnableShift => ({
  id,
  user_id,
  start_at,
  end_at,
  activities,
});

describe('shift warnings', () => {
  it('flags overlapping shifts of one person, not of two people', () => {
    const warnings = shiftWarnings([
      shift('a', 'u1', '2026-11-23T08:00:00Z', '2026-11-23T16:00:00Z'),
      shift('b', 'u1', '2026-11-23T15:00:00Z', '2026-11-23T20:00:00Z'),
      shift('c', 'u2', '2026-11-23T15:00:00Z', '2026-11-23T20:00:00Z'),
    ]);
    expect(warnings).toEqual([{ kind: 'overlap', shift_id: 'b', other_shift_id: 'a', user_id: 'u1' }]);
  });

  it('flags less than 11 hours of rest, and not 11 hours exactly', () => {
    const warnings = shiftWarnings([
      shift('late', 'u1', '2026-11-23T14:00:00Z', '2026-11-23T22:00:00Z'),
      shift('early', 'u1', '2026-11-24T06:00:00Z', '2026-11-24T14:00:00Z'),
      shift('next', 'u1', '2026-11-25T01:00:00Z', '2026-11-25T09:00:00Z'),
    ]);
    expect(warnings).toEqual([{ kind: 'short_rest', shift_id: 'early', other_shift_id: 'late', user_id: 'u1' }]);
  });

  it('flags a shift with no activity', () => {
    expect(shiftWarnings([shift('a', 'u1', '2026-11-23T08:00:00Z', '2026-11-23T16:00:00Z', [])])).toEqual([
      { kind: 'no_activity', shift_id: 'a', user_id: 'u1' },
    ]);
  });
});
