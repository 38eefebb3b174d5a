import { describe, expect, it } from 'vitest';
import { SHIFT_MESSAGES, shiftSchema, type ShiftDto } from '@portal/shared/shifts/shift.schema';
import { emptyShiftValues, shiftValues, toShiftInput, validateShiftForm } from './shift-form-model.ts';

describe('shift form model', () => {
  it('sends a day shift on its day, valid for the server', async () => {
    const input = toShiftInput({ ...emptyShiftValues('u1', '2026-11-23'), name: ' Early ', activities: [{ activity_type_id: 'a1', start: '09:00', end: '12:00' }] }, 'Europe/Berlin');
    // The organisation's offset, whatever zone the browser is in (decision 0049).
    expect(input).toMatchObject({ user_id: 'u1', name: 'Early', start: { date: '2026-11-23', time: '09:00', offset: '+01:00' }, end: { date: '2026-11-23', time: '17:00', offset: '+01:00' } });
    expect(input.activities[0]).toMatchObject({ start: { date: '2026-11-23', time: '09:00' }, end: { date: '2026-11-23', time: '12:00' } });
    await expect(shiftSchema.validate(input)).resolves.toBeTruthy();
  });

  it('carries a shift and its activities past midnight into the next day', async () => {
    const values = { ...emptyShiftValues('u1', '2026-12-31'), start: '22:00', end: '06:00', activities: [{ activity_type_id: 'a1', start: '23:00', end: '02:00' }, { activity_type_id: 'a2', start: '02:00', end: '06:00' }] };
    expect(validateShiftForm(values)).toEqual({});
    const input = toShiftInput(values, 'America/New_York');
    expect(input.end).toMatchObject({ date: '2027-01-01', time: '06:00', offset: '-05:00' });
    expect(input.activities.map((a) => [a.start.date, a.start.time, a.end.date, a.end.time])).toEqual([
      ['2026-12-31', '23:00', '2027-01-01', '02:00'],
      ['2027-01-01', '02:00', '2027-01-01', '06:00'],
    ]);
    await expect(shiftSchema.validate(input)).resolves.toBeTruthy();
  });

  it('names what is missing or outside the shift, with the server’s texts', () => {
    const errors = validateShiftForm({ user_id: '', day: '2026-11-23', start: '09:00', end: '13:00', name: 'x'.repeat(51), activities: [{ activity_type_id: '', start: '09:00', end: '10:00' }, { activity_type_id: 'a', start: '12:00', end: '14:00' }] });
    expect(errors).toEqual({ user_id: SHIFT_MESSAGES.userRequired, name: 'nameTooLong', activities: { 0: SHIFT_MESSAGES.activityTypeRequired, 1: SHIFT_MESSAGES.activityOutsideShift } });
    expect(validateShiftForm({ ...emptyShiftValues('u', '2026-11-23'), start: '' })).toEqual({ start: SHIFT_MESSAGES.startRequired });
  });

  it('reads a stored shift back into the form', () => {
    const parts = (date: string, time: string) => ({ date, time, offset: '+01:00' });
    const shift: ShiftDto = {
      id: 's1', user_id: 'u1', name: 'Night', week: '2026-W53', start: parts('2026-12-31', '22:00'), end: parts('2027-01-01', '06:00'), start_at: '', end_at: '',
      activities: [{ activity_type_id: 'a1', start: parts('2026-12-31', '22:00'), end: parts('2027-01-01', '02:00:00'), start_at: '', end_at: '' }],
      published: false, changed_since_publish: true,
    };
    expect(shiftValues(shift)).toEqual({ user_id: 'u1', day: '2026-12-31', start: '22:00', end: '06:00', name: 'Night', activities: [{ activity_type_id: 'a1', start: '22:00', end: '02:00' }] });
  });
});
