import { memo, useCallback, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { moveCell, type GridCell } from '../utils/grid-keys.ts';
import type { ShiftChip, ShiftIndex, StaffRow } from '../utils/schedule-grid-model.ts';

export interface DayColumn {
  day: string;
  /** 'Mon 23 Nov' (short) and 'Monday, 23 November 2026' (for screen readers). */
  label: string;
  longLabel: string;
  isToday: boolean;
}

interface ScheduleGridProps {
  label: string;
  staff: readonly StaffRow[];
  columns: readonly DayColumn[];
  shifts: ShiftIndex;
  onOpenShift: (shiftId: string) => void;
  /** Absent while the planner is read-only: cells then have no add button. */
  onCreateShift?: (staffId: string, day: string) => void;
}

const NO_SHIFTS: ShiftChip[] = [];
const NO_DAYS = new Map<string, ShiftChip[]>();

interface RowProps {
  row: number;
  person: StaffRow;
  columns: readonly DayColumn[];
  days: Map<string, ShiftChip[]>;
  /** The active column in this row, or -1: only the active cell is in the tab order (roving tabindex). */
  activeCol: number;
  onOpenShift: (shiftId: string) => void;
  onCreateShift?: (staffId: string, day: string) => void;
}

/** A row re-renders only when its shifts or its active cell change: 200 staff × 7 days stay fast. */
const Row = memo(function Row({ row, person, columns, days, activeCol, onOpenShift, onCreateShift }: RowProps) {
  const { t } = useTranslation('schedule');
  return (
    <tr>
      <th scope="row" className="schedule-grid__staff">
        {person.name}
      </th>
      {columns.map((column, col) => {
        const list = days.get(column.day) ?? NO_SHIFTS;
        const tabIndex = col === activeCol ? 0 : -1;
        // A cell with nothing to press is itself the focus stop.
        const bare = list.length === 0 && !onCreateShift;
        return (
          <td key={column.day} role="gridcell" tabIndex={bare ? tabIndex : undefined} aria-label={bare ? t('grid.emptyLabel', { person: person.name, day: column.longLabel }) : undefined} data-row={row} data-col={col} className={column.isToday ? 'schedule-grid__cell schedule-grid__cell--today' : 'schedule-grid__cell'}>
            {list.map((shift) => (
              // The visible text is the start of the name (WCAG 2.5.3); the person and the day follow for screen readers.
              <button key={shift.id} type="button" tabIndex={tabIndex} className={shift.draft ? 'schedule-shift schedule-shift--draft' : 'schedule-shift'} onClick={() => onOpenShift(shift.id)}>
                <span className="schedule-shift__colors" aria-hidden="true">
                  {shift.colors.map((color, index) => (
                    <span key={index} className="schedule-shift__color" style={{ background: color }} />
                  ))}
                </span>
                <span className="schedule-shift__name">{shift.name || t('grid.unnamed')}</span>{' '}
                <span className="schedule-shift__hours">
                  {shift.start}–{shift.end}
                </span>
                {shift.draft ? (
                  <>
                    {' '}
                    <span className="schedule-shift__state">{t('grid.draft')}</span>
                  </>
                ) : null}
                {shift.warnings > 0 ? (
                  <>
                    {' '}
                    <span className="schedule-shift__warning">⚠ {t('grid.warnings', { count: shift.warnings })}</span>
                  </>
                ) : null}
                <span className="visually-hidden">{t('grid.shiftContext', { person: person.name, day: column.longLabel })}</span>
              </button>
            ))}
            {onCreateShift ? (
            <button
              type="button"
              tabIndex={tabIndex}
              className={list.length ? 'schedule-grid__add schedule-grid__add--small' : 'schedule-grid__add'}
              onClick={() => onCreateShift(person.id, column.day)}
              aria-label={t('grid.addLabel', { person: person.name, day: column.longLabel })}
            >
              <span aria-hidden="true">+</span>
            </button>
            ) : null}
          </td>
        );
      })}
    </tr>
  );
});

/**
 * The planner's grid (ARIA grid pattern on a table): rows are staff, columns the days. One cell
 * is in the tab order; arrow keys, Home/End (with Ctrl: the corners) and Page Up/Down move it,
 * Enter or Space activates the focused shift or the cell's add button. Plain React and CSS
 * (decision 0032).
 */
export function ScheduleGrid({ label, staff, columns, shifts, onOpenShift, onCreateShift }: ScheduleGridProps) {
  const { t } = useTranslation('schedule');
  const [active, setActive] = useState<GridCell>({ row: 0, col: 0 });
  const table = useRef<HTMLTableElement>(null);
  const rows = staff.length;
  const cols = columns.length;
  // A shorter week or list keeps the active cell inside the grid.
  const current = { row: Math.min(active.row, Math.max(rows - 1, 0)), col: Math.min(active.col, Math.max(cols - 1, 0)) };

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTableElement>) => {
      const cell = (event.target as HTMLElement).closest<HTMLElement>('td[data-row]');
      if (!cell) return;
      const from = { row: Number(cell.dataset.row), col: Number(cell.dataset.col) };
      const next = moveCell(from, event.key, rows, cols, event.ctrlKey || event.metaKey);
      if (!next) return;
      event.preventDefault();
      setActive(next);
      const target = table.current?.querySelector<HTMLElement>(`td[data-row="${next.row}"][data-col="${next.col}"]`);
      (target?.querySelector<HTMLElement>('button') ?? target)?.focus();
    },
    [rows, cols],
  );

  // A click or Tab into a cell makes it the active one.
  const onFocus = useCallback((event: FocusEvent<HTMLTableElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('td[data-row]');
    if (cell) setActive((previous) => {
      const row = Number(cell.dataset.row);
      const col = Number(cell.dataset.col);
      return previous.row === row && previous.col === col ? previous : { row, col };
    });
  }, []);

  return (
    <div className="schedule-grid__scroll">
      <table ref={table} role="grid" aria-label={label} aria-rowcount={rows + 1} className="schedule-grid" onKeyDown={onKeyDown} onFocus={onFocus}>
        <thead>
          <tr>
            <th scope="col" className="schedule-grid__corner">
              {t('grid.staff')}
            </th>
            {columns.map((column) => (
              <th key={column.day} scope="col" className={column.isToday ? 'schedule-grid__day schedule-grid__day--today' : 'schedule-grid__day'}>
                <span aria-hidden="true">{column.label}</span>
                <span className="visually-hidden">{column.longLabel}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {staff.map((person, row) => (
            <Row
              key={person.id}
              row={row}
              person={person}
              columns={columns}
              days={shifts.get(person.id) ?? NO_DAYS}
              activeCol={row === current.row ? current.col : -1}
              onOpenShift={onOpenShift}
              onCreateShift={onCreateShift}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
