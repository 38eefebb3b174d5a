import { describe, expect, it } from 'vitest';
import { addDays, daysOf, isIsoWeek, isoWeekOf, mondayOf, nextWeek, previousWeek, weekNumber, weeksInIsoYear } from './iso-week.ts';

describe('ISO weeks', () => {
  it('names the week of a date, across year boundaries', () => {
    expect(isoWeekOf('2026-11-23')).toBe('2026-W48');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOf('2027-01-03')).toBe('2026-W53');
    expect(isoWeekOf('2027-01-04')).toBe('2027-W01');
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
    expect(isoWeekOf('2021-01-03')).toBe('2020-W53');
  });

  it('knows which years have 53 weeks', () => {
    expect(weeksInIsoYear(2026)).toBe(53);
    expect(weeksInIsoYear(2025)).toBe(52);
    expect(weeksInIsoYear(2020)).toBe(53);
    expect(isIsoWeek('2026-W53')).toBe(true);
    expect(isIsoWeek('2025-W53')).toBe(false);
    expect(isIsoWeek('2026-W00')).toBe(false);
    expect(isIsoWeek('2026-W5')).toBe(false);
    // A year below 1000 is refused, not thrown on (its dates are no 'YYYY-MM-DD' JavaScript reads).
    for (const week of ['0999-W10', '0000-W01']) expect(isIsoWeek(week)).toBe(false);
    expect(isIsoWeek('1000-W01')).toBe(true);
    expect(isIsoWeek('2026-48')).toBe(false);
  });

  it('gives the Monday and the seven days of a week', () => {
    expect(mondayOf('2026-W53')).toBe('2026-12-28');
    expect(mondayOf('2025-W01')).toBe('2024-12-30');
    expect(daysOf('2026-W53')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });

  it('steps back and forward across year boundaries', () => {
    expect(nextWeek('2026-W52')).toBe('2026-W53');
    expect(nextWeek('2026-W53')).toBe('2027-W01');
    expect(previousWeek('2027-W01')).toBe('2026-W53');
    expect(previousWeek('2026-W01')).toBe('2025-W52');
    expect(nextWeek('2025-W52')).toBe('2026-W01');
    expect(weekNumber('2026-W53')).toBe(53);
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });
});
