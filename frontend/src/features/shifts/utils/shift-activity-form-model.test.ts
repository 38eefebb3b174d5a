import { validateYupSchema } from 'formik';
import { describe, expect, it } from 'vitest';
import { USER_GROUP_COLORS } from '@portal/shared/constants';
import { shiftActivityTypeSchema, type ShiftActivityTypeDto } from '@portal/shared/shifts/shift.schema';
import { sortShiftActivities, toShiftActivityBody, toShiftActivityFormValues } from './shift-activity-form-model.ts';

const cashier: ShiftActivityTypeDto = { id: 'a1', name: 'Cashier', color: USER_GROUP_COLORS[3]!.toLowerCase() };

/** The messages the form shows for these values: formik's own validation with the shared schema ('' counts as missing). */
async function firstErrors(values: object): Promise<string[]> {
  try {
    await validateYupSchema(values, shiftActivityTypeSchema);
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('shift activity form', () => {
  it('starts empty for a new activity and says what is missing (spec 001 §5)', async () => {
    const values = toShiftActivityFormValues();
    expect(values).toEqual({ name: '', color: '' });
    expect(await firstErrors(values)).toEqual(expect.arrayContaining(['Name is required', 'Color is required']));
    expect(await firstErrors({ ...values, name: '   ', color: USER_GROUP_COLORS[0] })).toEqual(['Name is required']);
  });

  it('edits a stored activity with its colour as the swatches name it', async () => {
    const values = toShiftActivityFormValues(cashier);
    expect(values).toEqual({ name: 'Cashier', color: USER_GROUP_COLORS[3] });
    expect(await firstErrors(values)).toEqual([]);
  });

  it('sends the trimmed name and a preset colour; the schema turns away any other colour', async () => {
    const body = toShiftActivityBody({ name: '  Bottle return ', color: USER_GROUP_COLORS[5]! });
    expect(body).toEqual({ name: 'Bottle return', color: USER_GROUP_COLORS[5] });
    expect(await firstErrors(body)).toEqual([]);
    expect(await firstErrors({ name: 'Stock', color: '#123456' })).toEqual(['Color must be one of the preset colours']);
    expect(await firstErrors({ name: 'x'.repeat(51), color: USER_GROUP_COLORS[0] })).toEqual(['Name must be at most 50 characters']);
  });

  it('lists activities by name, ignoring case', () => {
    const names = sortShiftActivities([
      { id: '1', name: 'stock', color: '#000' },
      { id: '2', name: 'Bottle return', color: '#000' },
      { id: '3', name: 'Cashier', color: '#000' },
    ]).map((activity) => activity.name);
    expect(names).toEqual(['Bottle return', 'Cashier', 'stock']);
  });
});
