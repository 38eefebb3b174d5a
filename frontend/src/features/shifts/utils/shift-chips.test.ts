import { describe, expect, it } from 'vitest';
import type { ShiftDto } from '@portal/shared/shifts/shift.schema';
import { shiftChips, warningsByShift } from './shift-chips.ts';

const parts = (date: string, time: string) => ({ date, time, offset: '+00:00' });
const shift = (id: string, userId: string, start: [string, string], end: [string, string], activities: string[], published = false): ShiftDto => ({
  id,
  user_id: userId,
  name: id,
  week: '2026-W48',
  start: parts(...start),
  end: parts(...end),
  start_at: `${start[0]}T${start[1]}:00Z`,
  end_at: `${end[0]}T${end[1]}:00Z`,
  activities: activities.map((type) => ({ activity_type_id: type, start: parts(...start), end: parts(...end), start_at: `${start[0]}T${start[1]}:00Z`, end_at: `${end[0]}T${end[1]}:00Z` })),
  published,
  changed_since_publish: !published,
});

describe('shift chips', () => {
  it('shows hours, activity colours, warnings and the draft state', () => {
    const shifts = [
      shift('late', 'u1', ['2026-11-23', '14:00'], ['2026-11-23', '22:00'], ['cash', 'stock', 'cash'], true),
      // Eight hours after the late shift: less than 11 h rest, and no activity.
      shift('early', 'u1', ['2026-11-24', '06:00'], ['2026-11-24', '12:00'], []),
    ];
    const types = [
      { id: 'cash', name: 'Cashier', color: '#E53935' },
      { id: 'stock', name: 'Stock', color: '#43A047' },
    ];
    const warnings = warningsByShift(shifts);
    expect(warnings.get('early')?.map((warning) => warning.kind).sort()).toEqual(['no_activity', 'short_rest']);
    expect(shiftChips(shifts, types, warnings)).toEqual([
      { id: 'late', staffId: 'u1', day: '2026-11-23', lastDay: '2026-11-23', name: 'late', start: '14:00', end: '22:00', colors: ['#E53935', '#43A047'], warnings: 0, draft: false },
      { id: 'early', staffId: 'u1', day: '2026-11-24', lastDay: '2026-11-24', name: 'early', start: '06:00', end: '12:00', colors: [], warnings: 2, draft: true },
    ]);
  });

  it('runs a night shift into the next day, but not a shift ending at midnight', () => {
    const night = shift('night', 'u1', ['2026-11-23', '22:00'], ['2026-11-24', '06:00'], []);
    const late = shift('late', 'u2', ['2026-11-23', '16:00'], ['2026-11-24', '00:00:00'], []);
    expect(shiftChips([night, late], [], new Map()).map((chip) => [chip.id, chip.day, chip.lastDay])).toEqual([
      ['night', '2026-11-23', '2026-11-24'],
      ['late', '2026-11-23', '2026-11-23'],
    ]);
  });
});
