/**
 * The planner's warnings (issue 15): they never block a save or a publish, they tell the manager
 * what a planner such as Deputy would flag. Pure: works on instants, so the grid and any server
 * check compute the same list.
 */
export const MIN_REST_MS = 11 * 60 * 60 * 1000;

export type ShiftWarningKind = 'overlap' | 'short_rest' | 'no_activity';

export interface ShiftWarning {
  kind: ShiftWarningKind;
  /** The shift the warning is about; `other_shift_id` the one it conflicts with (overlap, rest). */
  shift_id: string;
  other_shift_id?: string;
  user_id: string;
}

export interface WarnableShift {
  id: string;
  user_id: string;
  start_at: string;
  end_at: string;
  activities: readonly unknown[];
}

/** Overlapping shifts of one person, less than 11 h rest between two shifts, shifts without activity. */
export function shiftWarnings(shifts: readonly WarnableShift[]): ShiftWarning[] {
  const warnings: ShiftWarning[] = [];
  const byUser = new Map<string, WarnableShift[]>();
  for (const shift of shifts) {
    if (shift.activities.length === 0) warnings.push({ kind: 'no_activity', shift_id: shift.id, user_id: shift.user_id });
    byUser.set(shift.user_id, [...(byUser.get(shift.user_id) ?? []), shift]);
  }
  for (const [userId, own] of byUser) {
    const sorted = [...own].sort((a, b) => Date.parse(a.start_at) - Date.parse(b.start_at));
    for (let i = 0; i < sorted.length; i++) {
      for (let j = i + 1; j < sorted.length; j++) {
        const [a, b] = [sorted[i]!, sorted[j]!];
        const gap = Date.parse(b.start_at) - Date.parse(a.end_at);
        if (gap >= MIN_REST_MS) break; // later shifts start later still
        const kind = gap < 0 ? 'overlap' : 'short_rest';
        warnings.push({ kind, shift_id: b.id, other_shift_id: a.id, user_id: userId });
      }
    }
  }
  return warnings;
}
