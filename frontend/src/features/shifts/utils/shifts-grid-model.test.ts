import { describe, expect, it } from 'vitest';
import { indexShifts, staffRows, type ShiftChip } from './shifts-grid-model.ts';

const shift = (id: string, staffId: string, day: string, start: string, lastDay = day): ShiftChip => ({ id, staffId, day, lastDay, name: id, start, end: '23:00', colors: [], warnings: 0, draft: true });

describe('shifts grid model', () => {
  it('indexes shifts by staff and day, earliest first', () => {
    const index = indexShifts([shift('late', 'u1', '2026-11-23', '18:00'), shift('early', 'u1', '2026-11-23', '06:00'), shift('other', 'u2', '2026-11-24', '08:00')], ['2026-11-23', '2026-11-24']);
    expect(index.get('u1')?.get('2026-11-23')?.map((item) => item.id)).toEqual(['early', 'late']);
    expect(index.get('u2')?.get('2026-11-24')?.map((item) => item.id)).toEqual(['other']);
    expect(index.get('u2')?.get('2026-11-23')).toBeUndefined();
  });

  it('shows a night shift on its first day, and on the day it runs into when its first day is not shown', () => {
    const night = shift('night', 'u1', '2026-11-23', '22:00', '2026-11-24');
    const shifts = [night, shift('day', 'u1', '2026-11-24', '07:00'), shift('gone', 'u1', '2026-11-22', '08:00')];
    // The week: the night shift stays on Monday, once.
    const week = indexShifts(shifts, ['2026-11-23', '2026-11-24']);
    expect(week.get('u1')?.get('2026-11-23')).toEqual([night]);
    expect(week.get('u1')?.get('2026-11-24')?.map((item) => item.id)).toEqual(['day']);
    // Tuesday's day view: Monday's night shift first, marked as continued.
    const tuesday = indexShifts(shifts, ['2026-11-24']).get('u1')?.get('2026-11-24');
    expect(tuesday?.map((item) => [item.id, item.continued ?? false])).toEqual([
      ['night', true],
      ['day', false],
    ]);
    // Sunday's shift of the week before runs into nothing shown.
    expect(indexShifts(shifts, ['2026-11-25']).size).toBe(0);
  });

  it('sorts staff by name', () => {
    const rows = staffRows(
      [
        { id: 'b', firstname: 'Zoe', lastname: 'Adams' },
        { id: 'a', firstname: 'Ärne', lastname: 'Berg' },
      ],
      new Intl.Collator('de'),
    );
    expect(rows).toEqual([
      { id: 'a', name: 'Ärne Berg' },
      { id: 'b', name: 'Zoe Adams' },
    ]);
  });
});
