import { describe, expect, it } from 'vitest';
import { parseShiftsDownlink, SHIFTS_PER_MESSAGE_MAX } from './shift-messages.ts';

const activity = (extra: Record<string, unknown> = {}) => ({
  activity_type_id: 'a1',
  name: 'Cashier',
  color: '#1E88E5',
  start_at: '2026-11-23T08:00:00.000Z',
  end_at: '2026-11-23T12:00:00+01:00',
  ...extra,
});
const shift = (id: string, start: string, extra: Record<string, unknown> = {}) => ({
  shift_id: id,
  name: 'Early',
  start_at: start,
  end_at: '2026-11-23T16:00:00.000Z',
  activities: [activity()],
  ...extra,
});
const message = (shifts: unknown, extra: Record<string, unknown> = {}) => ({ kind: 'shifts', week: '2026-W48', shifts, ...extra });

describe('parseShiftsDownlink', () => {
  it('reads a week of shifts, by start, times in UTC', () => {
    const parsed = parseShiftsDownlink('shifts', message([shift('s2', '2026-11-24T07:00:00.000Z'), shift('s1', '2026-11-23T08:00:00+01:00')]));
    expect(parsed).toEqual({
      kind: 'shifts',
      week: '2026-W48',
      shifts: [
        { ...shift('s1', '2026-11-23T07:00:00.000Z'), activities: [{ ...activity(), end_at: '2026-11-23T11:00:00.000Z' }] },
        { ...shift('s2', '2026-11-24T07:00:00.000Z'), activities: [{ ...activity(), end_at: '2026-11-23T11:00:00.000Z' }] },
      ],
    });
  });

  it('reads an empty week (the last shift was removed) and a shift without name or activities', () => {
    expect(parseShiftsDownlink('shifts', message([]))).toEqual({ kind: 'shifts', week: '2026-W48', shifts: [] });
    const bare = parseShiftsDownlink('shifts', message([{ shift_id: 's1', start_at: '2026-11-23T07:00:00.000Z', end_at: '2026-11-23T15:00:00.000Z' }]));
    expect(bare?.shifts).toEqual([{ shift_id: 's1', name: '', start_at: '2026-11-23T07:00:00.000Z', end_at: '2026-11-23T15:00:00.000Z', activities: [] }]);
  });

  it('refuses other types and kinds, weeks that are no ISO week, and a list that is none or too long', () => {
    expect(parseShiftsDownlink('notification', message([]))).toBeUndefined();
    expect(parseShiftsDownlink('shifts', message([], { kind: 'task' }))).toBeUndefined();
    for (const week of ['2025-W53', '2026-48', '', 48]) expect(parseShiftsDownlink('shifts', message([], { week }))).toBeUndefined();
    expect(parseShiftsDownlink('shifts', message([], { week: '2026-W53' }))).toMatchObject({ week: '2026-W53' });
    expect(parseShiftsDownlink('shifts', message(undefined))).toBeUndefined();
    expect(parseShiftsDownlink('shifts', message('s1'))).toBeUndefined();
    const many = Array.from({ length: SHIFTS_PER_MESSAGE_MAX + 1 }, (_, i) => shift(`s${i}`, '2026-11-23T07:00:00.000Z'));
    expect(parseShiftsDownlink('shifts', message(many))).toBeUndefined();
    expect(parseShiftsDownlink('shifts', message(many.slice(1)))?.shifts).toHaveLength(SHIFTS_PER_MESSAGE_MAX);
  });

  it('refuses the whole week when one shift or activity is malformed', () => {
    const week = (bad: unknown) => parseShiftsDownlink('shifts', message([shift('s1', '2026-11-23T07:00:00.000Z'), bad]));
    expect(week(shift('s#2', '2026-11-23T07:00:00.000Z'))).toBeUndefined();
    expect(week(shift('s2', 'Monday'))).toBeUndefined();
    expect(week(shift('s2', '2026-11-23T07:00:00.000Z', { end_at: undefined }))).toBeUndefined();
    expect(week(null)).toBeUndefined();
    expect(week(shift('s2', '2026-11-23T07:00:00.000Z', { activities: [activity({ activity_type_id: '' })] }))).toBeUndefined();
    expect(week(shift('s2', '2026-11-23T07:00:00.000Z', { activities: [activity({ start_at: 'soon' })] }))).toBeUndefined();
    expect(week(shift('s2', '2026-11-23T07:00:00.000Z', { activities: [null] }))).toBeUndefined();
    expect(week(shift('s2', '2026-11-23T07:00:00.000Z', { activities: Array.from({ length: 11 }, () => activity()) }))).toBeUndefined();
    expect(week(shift('s2', '2026-11-23T07:00:00.000Z', { activities: 'Cashier' }))).toBeUndefined();
  });
});
