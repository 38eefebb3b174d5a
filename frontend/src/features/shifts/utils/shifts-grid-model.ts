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
  /** The last calendar day the shift runs into: the next day for a night shift, else `day` (an end at 00:00 is not in the next day). */
  lastDay: string;
  name: string;
  /** 'HH:mm'. */
  start: string;
  end: string;
  colors: string[];
  warnings: number;
  /** Not published yet, or changed since the week's last publish. */
  draft: boolean;
}

/** A shift placed in a cell; `continued` when the cell is a later day the shift runs into (a night shift from the day before). */
export type PlacedChip = ShiftChip & { continued?: true };

/** Shifts by staff id, then by day: each row reads only its own (memoised rows re-render only when theirs change). */
export type ShiftIndex = Map<string, Map<string, PlacedChip[]>>;

/**
 * Places each shift in the cell of its first day; a shift whose first day is not shown but which
 * runs into a shown day (Monday's night shift in Tuesday's day view, last Sunday's in this week's
 * Monday) goes to that day, marked as continued. Earlier shifts first in a cell.
 */
export function indexShifts(shifts: readonly ShiftChip[], shownDays: readonly string[]): ShiftIndex {
  const shown = new Set(shownDays);
  const index: ShiftIndex = new Map();
  for (const shift of shifts) {
    const placed: PlacedChip | undefined = shown.has(shift.day) ? shift : shift.lastDay !== shift.day && shown.has(shift.lastDay) ? { ...shift, continued: true } : undefined;
    if (!placed) continue;
    const cell = placed.continued ? shift.lastDay : shift.day;
    const days = index.get(shift.staffId) ?? new Map<string, PlacedChip[]>();
    days.set(cell, [...(days.get(cell) ?? []), placed]);
    index.set(shift.staffId, days);
  }
  // A continued shift started the day before: it comes first.
  const order = (chip: PlacedChip) => `${chip.continued ? 0 : 1}${chip.start}`;
  for (const days of index.values()) for (const list of days.values()) list.sort((a, b) => order(a).localeCompare(order(b)));
  return index;
}

/** Staff sorted by name, as the rows list them. */
export function staffRows(users: ReadonlyArray<{ id: string; firstname: string; lastname: string }>, collator: Intl.Collator): StaffRow[] {
  return users
    .map((user) => ({ id: user.id, name: `${user.firstname} ${user.lastname}`.trim() }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
}
