/** One staff member: a row of the planner. */
export interface StaffRow {
  id: string;
  name: string;
}

/** What a grid cell shows of a shift: name, hours, activity colours, warnings. */
export interface ShiftChip {
  id: string;
  staffId: string;
  /** The calendar day the shift starts on ('YYYY-MM-DD'); a shift past midnight stays on its first day. */
  day: string;
  name: string;
  /** 'HH:mm'. */
  start: string;
  end: string;
  colors: string[];
  warnings: number;
  /** Not published yet, or changed since the week's last publish. */
  draft: boolean;
}

/** Shifts by staff id, then by day: each row reads only its own (memoised rows re-render only when theirs change). */
export type ShiftIndex = Map<string, Map<string, ShiftChip[]>>;

export function indexShifts(shifts: readonly ShiftChip[]): ShiftIndex {
  const index: ShiftIndex = new Map();
  for (const shift of shifts) {
    const days = index.get(shift.staffId) ?? new Map<string, ShiftChip[]>();
    days.set(shift.day, [...(days.get(shift.day) ?? []), shift]);
    index.set(shift.staffId, days);
  }
  for (const days of index.values()) for (const list of days.values()) list.sort((a, b) => a.start.localeCompare(b.start));
  return index;
}

/** Staff sorted by name, as the rows list them. */
export function staffRows(users: ReadonlyArray<{ id: string; firstname: string; lastname: string }>, collator: Intl.Collator): StaffRow[] {
  return users
    .map((user) => ({ id: user.id, name: `${user.firstname} ${user.lastname}`.trim() }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
}
