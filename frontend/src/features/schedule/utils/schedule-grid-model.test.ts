import { describe, expect, it } from 'vitest';
import { indexShifts, staffRows, type ShiftChip } from './schedule-grid-model.ts';

const shift = (id: string, staffId: string, day: string, start: string): ShiftChip => ({ id, staffId, day, name: id, start, end: '23:00', colors: [], warnings: 0, draft: true });

describe('schedule grid model', () => {
  it('indexes shifts by staff and day, earliest first', () => {
    const index = indexShifts([shift('late', 'u1', '2026-11-23', '18:00'), shift('early', 'u1', '2026-11-23', '06:00'), shift('other', 'u2', '2026-11-24', '08:00')]);
    expect(index.get('u1')?.get('2026-11-23')?.map((item) => item.id)).toEqual(['early', 'late']);
    expect(index.get('u2')?.get('2026-11-24')?.map((item) => item.id)).toEqual(['other']);
    expect(index.get('u2')?.get('2026-11-23')).toBeUndefined();
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
