import { describe, expect, it } from 'vitest';
import { isoWeekParts, parseDay, readShiftsParams, shiftsPath, stepDay, visibleDays, weekDays } from './shifts-calendar.ts';

describe('shifts calendar', () => {
  it('reads strict days only', () => {
    expect(parseDay('2026-02-28')).toBe('2026-02-28');
    expect(parseDay('2026-02-30')).toBeUndefined();
    expect(parseDay('2026-2-3')).toBeUndefined();
    expect(parseDay('2026-13-01')).toBeUndefined();
    expect(parseDay(undefined)).toBeUndefined();
  });

  it('shows the week of a day, Monday first, with its ISO number across year ends', () => {
    expect(weekDays('2026-11-29')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(weekDays('2027-01-03')[0]).toBe('2026-12-28');
    expect(isoWeekParts('2027-01-03')).toEqual({ year: 2026, week: 53 });
    expect(isoWeekParts('2024-12-30')).toEqual({ year: 2025, week: 1 });
  });

  it('reads the route: date, view and template', () => {
    expect(readShiftsParams({}, '2026-11-23')).toEqual({ day: '2026-11-23', view: 'week', valid: true });
    expect(readShiftsParams({ date: '2026-12-01', view: 'day' }, '2026-11-23')).toEqual({ day: '2026-12-01', view: 'day', valid: true });
    expect(readShiftsParams({ date: '2026-12-01', view: 'week', templateId: 't1' }, '2026-11-23')).toMatchObject({ templateId: 't1', valid: true });
    expect(readShiftsParams({ date: 'tomorrow' }, '2026-11-23')).toMatchObject({ day: '2026-11-23', valid: false });
    expect(readShiftsParams({ date: '2026-12-01', view: 'month' }, '2026-11-23')).toMatchObject({ view: 'week', valid: false });
  });

  it('builds paths and steps by the view', () => {
    expect(shiftsPath({ day: '2026-12-01', view: 'day' })).toBe('/schedule/2026-12-01/day');
    expect(shiftsPath({ day: '2026-12-01', view: 'week', templateId: 'a b' })).toBe('/schedule/2026-12-01/week/a%20b');
    expect(stepDay('2026-12-31', 'day', 1)).toBe('2027-01-01');
    expect(stepDay('2026-11-23', 'week', -1)).toBe('2026-11-16');
    expect(visibleDays('2026-11-25', 'day')).toEqual(['2026-11-25']);
    expect(visibleDays('2026-11-25', 'week')).toHaveLength(7);
  });
});
