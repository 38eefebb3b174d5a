import { describe, expect, it } from 'vitest';
import type { ShiftTemplateShift } from '@portal/shared/shifts/shift.schema';
import { shiftTemplatePreview } from './shift-template-preview.ts';

const shift = (userId: string, day: number, start: string, end: string, name = ''): ShiftTemplateShift => ({ user_id: userId, name, day, start_time: start, end_time: end, activities: [] });

describe('template preview', () => {
  it('lists the shifts under the days of the shown week, earliest first, night shifts ending the next day', () => {
    const week = ['2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08', '2027-01-09', '2027-01-10'];
    const staff = [
      { id: 'u1', name: 'Cora Till' },
      { id: 'u2', name: 'Stan Shelf' },
    ];
    const template = { shifts: [shift('u2', 0, '08:00:00', '16:00:00', 'Early'), shift('u1', 0, '06:00', '14:00'), shift('u1', 6, '22:00', '06:00', 'Night'), shift('gone', 2, '09:00', '17:00')] };
    expect(shiftTemplatePreview(template, week, staff, new Intl.Collator('en'))).toEqual([
      {
        day: '2027-01-04',
        shifts: [
          { person: 'Cora Till', name: '', start: '06:00', end: '14:00', nextDay: false, activities: 0 },
          { person: 'Stan Shelf', name: 'Early', start: '08:00', end: '16:00', nextDay: false, activities: 0 },
        ],
      },
      { day: '2027-01-06', shifts: [{ person: undefined, name: '', start: '09:00', end: '17:00', nextDay: false, activities: 0 }] },
      { day: '2027-01-10', shifts: [{ person: 'Cora Till', name: 'Night', start: '22:00', end: '06:00', nextDay: true, activities: 0 }] },
    ]);
  });
});
