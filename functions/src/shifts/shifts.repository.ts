import { previousWeek } from '@portal/shared/shifts/iso-week';
import { ShiftEntity, type ShiftItem } from './shift.entity.ts';

export type ShiftFields = Omit<ShiftItem, 'orgId' | 'shiftId'>;

// AP68
export async function getShift(orgId: string, shiftId: string) {
  return (await ShiftEntity.get({ orgId, shiftId }).go()).data;
}

export async function putShift(orgId: string, shiftId: string, fields: ShiftFields) {
  await ShiftEntity.put({ orgId, shiftId, ...fields }).go();
}

export async function deleteShiftRow(orgId: string, shiftId: string) {
  await ShiftEntity.delete({ orgId, shiftId }).go();
}

// AP67: a week's shifts by start.
export async function weekShifts(orgId: string, week: string) {
  return (await ShiftEntity.query.byWeek({ orgId, week }).go({ pages: 'all' })).data;
}

/** AP67 with the previous week's shifts that end after `from` (night shifts into Monday). */
export async function weekShiftsWithCarryOver(orgId: string, week: string, from: string) {
  const [own, previous] = await Promise.all([weekShifts(orgId, week), weekShifts(orgId, previousWeek(week))]);
  return [...previous.filter((s) => s.endAt > from), ...own];
}

/** Marks the shifts as published with their signature (after the week row is written). */
export async function markPublished(orgId: string, shifts: ReadonlyArray<{ shiftId: string; signature: string }>) {
  await Promise.all(shifts.map((s) => ShiftEntity.patch({ orgId, shiftId: s.shiftId }).set({ publishedSignature: s.signature }).go()));
}
