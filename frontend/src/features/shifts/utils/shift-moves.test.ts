import { describe, expect, it } from 'vitest';
import { shiftSchema, type ShiftDto } from '@portal/shared/shifts/shift.schema';
import { daysBetween, placedShiftInput } from './shift-moves.ts';

const parts = (date: string, time: string) => ({ date, time, offset: '+00:00' });
const night: ShiftDto = {
  id: 's1',
  user_id: 'u1',
  name: 'Night',
  week: '2026-W53',
  start: parts('2026-12-31', '22:00:00'),
  end: parts('2027-01-01', '06:00:00'),
  start_at: '',
  end_at: '',
  activities: [{ activity_type_id: 'a1', start: parts('2027-01-01', '01:00:00'), end: parts('2027-01-01', '03:00:00'), start_at: '', end_at: '' }],
  published: true,
  changed_since_publish: false,
};

describe('moving and copying a shift', () => {
  it('counts calendar days across a year end', () => {
    expect(daysBetween('2026-12-31', '2027-01-02')).toBe(2);
    expect(daysBetween('2027-01-02', '2026-12-31')).toBe(-2);
    // A daylight-saving change is no day.
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });

  it('moves a night shift to another person and day with the same times, its activity still inside it', async () => {
    const body = placedShiftInput(night, { mode: 'move', shiftId: 's1', fromDay: '2026-12-31' }, { staffId: 'u2', day: '2027-01-02' }, 'UTC');
    expect(body).toMatchObject({ user_id: 'u2', name: 'Night', start: { date: '2027-01-02', time: '22:00' }, end: { date: '2027-01-03', time: '06:00' } });
    expect(body?.activities.map((a) => [a.start.date, a.start.time, a.end.date, a.end.time])).toEqual([['2027-01-03', '01:00', '2027-01-03', '03:00']]);
    await expect(shiftSchema.validate(body)).resolves.toBeTruthy();
  });

  it('moves by the days between the columns when the shift was picked on the day it runs into', () => {
    // Picked in Friday 1 January's cell (the night shift from Thursday), dropped on Saturday: it starts on Friday.
    const body = placedShiftInput(night, { mode: 'move', shiftId: 's1', fromDay: '2027-01-01' }, { staffId: 'u1', day: '2027-01-02' }, 'UTC');
    expect(body?.start).toMatchObject({ date: '2027-01-01', time: '22:00' });
  });

  it('copies onto the same cell, but a move there changes nothing', () => {
    const same = { staffId: 'u1', day: '2026-12-31' };
    expect(placedShiftInput(night, { mode: 'move', shiftId: 's1', fromDay: '2026-12-31' }, same, 'UTC')).toBeUndefined();
    expect(placedShiftInput(night, { mode: 'copy', shiftId: 's1', fromDay: '2026-12-31' }, same, 'UTC')?.start).toMatchObject({ date: '2026-12-31', time: '22:00' });
  });
});
