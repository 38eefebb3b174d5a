import type { ShiftDto, ShiftInput } from '@portal/shared/shifts/shift.schema';
import { addDays } from '@portal/shared/shifts/iso-week';
import { shiftValues, toShiftInput } from './shift-form-model.ts';

/** Move keeps the shift (PUT /shifts/{id}); copy makes a new draft (POST /shifts). */
export type PlaceMode = 'move' | 'copy';

/** A shift picked for a move or copy, and the column it was picked in (a night shift may show on the day after it starts). */
export interface PickedShift {
  mode: PlaceMode;
  shiftId: string;
  fromDay: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole calendar days from `from` to `to` ('YYYY-MM-DD'; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The body that puts `shift` in the cell (person × day) it was dropped on: the same times of day,
 * moved by as many days as the target column lies from the column it was picked in; activities
 * keep their place inside the shift. Undefined when the cell is where the shift already is (a move
 * there changes nothing).
 */
export function placedShiftInput(shift: ShiftDto, pick: PickedShift, target: { staffId: string; day: string }, timeZone: string): ShiftInput | undefined {
  const shiftBy = daysBetween(pick.fromDay, target.day);
  if (pick.mode === 'move' && shiftBy === 0 && target.staffId === shift.user_id) return undefined;
  const values = shiftValues(shift);
  return toShiftInput({ ...values, user_id: target.staffId, day: addDays(values.day, shiftBy) }, timeZone);
}
