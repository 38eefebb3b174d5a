import { memo, useCallback, useRef, useState, type DragEvent, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { moveCell, type GridCell } from '../utils/grid-keys.ts';
import type { PlacedChip, ShiftIndex, StaffRow } from '../utils/shifts-grid-model.ts';
import type { PickedShift, PlaceMode } from '../utils/shift-moves.ts';

export interface DayColumn {
  day: string;
  /** 'Mon 23 Nov' (short) and 'Monday, 23 November 2026' (for screen readers). */
  label: string;
  longLabel: string;
  isToday: boolean;
}

interface ShiftsGridProps {
  label: string;
  staff: readonly StaffRow[];
  columns: readonly DayColumn[];
  shifts: ShiftIndex;
  /** A shift was pressed in the column of `day` (a night shift may show on the day after it starts). */
  onOpenShift: (shiftId: string, day: string) => void;
  /** Absent while the planner is read-only: cells then have no add button. */
  onCreateShift?: (staffId: string, day: string) => void;
  /** The shift being moved or copied: pressing a cell (or its buttons) places it there. */
  picked?: PickedShift;
  /** M or C on a focused shift starts a move or copy (absent while read-only). */
  onPick?: (pick: PickedShift) => void;
  /** A cell was chosen for `pick` (pressed in pick mode, or a shift dropped on it). */
  onPlace?: (pick: PickedShift, target: { staffId: string; day: string }) => void;
  /** Describes the keys and the drag (the grid's aria-describedby). */
  describedBy?: string;
}

const NO_SHIFTS: PlacedChip[] = [];
const NO_DAYS = new Map<string, PlacedChip[]>();
/** The letters that pick the focused shift (aria-keyshortcuts says so). */
const PICK_KEYS: Record<string, PlaceMode> = { m: 'move', c: 'copy' };

interface RowProps {
  row: number;
  person: StaffRow;
  columns: readonly DayColumn[];
  days: Map<string, PlacedChip[]>;
  /** The active column in this row, or -1: only the active cell is in the tab order (roving tabindex). */
  activeCol: number;
  onOpenShift: (shiftId: string, day: string) => void;
  onCreateShift?: (staffId: string, day: string) => void;
  /** In pick mode: what is being placed, and the shift (drawn as picked). */
  picking?: PlaceMode;
  pickedId?: string;
  canPick: boolean;
}

/** A row re-renders only when its shifts or its active cell change: 200 staff × 7 days stay fast. */
const Row = memo(function Row({ row, person, columns, days, activeCol, onOpenShift, onCreateShift, picking, pickedId, canPick }: RowProps) {
  const { t } = useTranslation('shifts');
  const shiftClass = (shift: PlacedChip) =>
    ['schedule-shift', shift.draft ? 'schedule-shift--draft' : '', shift.continued ? 'schedule-shift--continued' : '', shift.id === pickedId ? 'schedule-shift--picked' : ''].filter(Boolean).join(' ');
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
          <td
            key={column.day}
            role="gridcell"
            tabIndex={bare ? tabIndex : undefined}
            aria-label={bare ? t('grid.emptyLabel', { person: person.name, day: column.longLabel }) : undefined}
            data-row={row}
            data-col={col}
            data-staff={person.id}
            data-day={column.day}
            className={column.isToday ? 'schedule-grid__cell schedule-grid__cell--today' : 'schedule-grid__cell'}
          >
            {list.map((shift) => (
              // The visible text is the start of the name (WCAG 2.5.3); the person and the day follow for screen readers.
              <button
                key={shift.id}
                type="button"
                tabIndex={tabIndex}
                className={shiftClass(shift)}
                data-shift={shift.id}
                draggable={canPick}
                aria-keyshortcuts={canPick && !picking ? 'M C' : undefined}
                onClick={picking ? undefined : () => onOpenShift(shift.id, column.day)}
              >
                <span className="schedule-shift__colors" aria-hidden="true">
                  {shift.colors.map((color, index) => (
                    <span key={index} className="schedule-shift__color" style={{ background: color }} />
                  ))}
                </span>
                <span className="schedule-shift__name">{shift.name || t('grid.unnamed')}</span>{' '}
                <span className="schedule-shift__hours">
                  {shift.start}–{shift.end}
                </span>
                {shift.continued ? (
                  <>
                    {' '}
                    <span className="schedule-shift__state">{t('grid.continued')}</span>
                  </>
                ) : null}
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
              onClick={picking ? undefined : () => onCreateShift(person.id, column.day)}
              aria-label={t(picking ? `move.here.${picking}` : 'grid.addLabel', { person: person.name, day: column.longLabel })}
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
export function ShiftsGrid({ label, staff, columns, shifts, onOpenShift, onCreateShift, picked, onPick, onPlace, describedBy }: ShiftsGridProps) {
  const { t } = useTranslation('shifts');
  const [active, setActive] = useState<GridCell>({ row: 0, col: 0 });
  const table = useRef<HTMLTableElement>(null);
  const rows = staff.length;
  const cols = columns.length;
  // A shorter week or list keeps the active cell inside the grid.
  const current = { row: Math.min(active.row, Math.max(rows - 1, 0)), col: Math.min(active.col, Math.max(cols - 1, 0)) };

  const dragged = useRef<PickedShift>(undefined);
  const canPick = Boolean(onPick && onPlace);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTableElement>) => {
      const cell = (event.target as HTMLElement).closest<HTMLElement>('td[data-row]');
      if (!cell) return;
      const shiftId = (event.target as HTMLElement).dataset.shift;
      const mode = PICK_KEYS[event.key.toLowerCase()];
      if (mode && shiftId && !picked && onPick && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        onPick({ mode, shiftId, fromDay: cell.dataset.day! });
        return;
      }
      // A bare cell (no button to press) is chosen with Enter or Space.
      if (picked && onPlace && (event.key === 'Enter' || event.key === ' ') && event.target === cell) {
        event.preventDefault();
        onPlace(picked, { staffId: cell.dataset.staff!, day: cell.dataset.day! });
        return;
      }
      const from = { row: Number(cell.dataset.row), col: Number(cell.dataset.col) };
      const next = moveCell(from, event.key, rows, cols, event.ctrlKey || event.metaKey);
      if (!next) return;
      event.preventDefault();
      setActive(next);
      const target = table.current?.querySelector<HTMLElement>(`td[data-row="${next.row}"][data-col="${next.col}"]`);
      // While a shift is being placed, the cell's add button ('Move here: …') takes the focus.
      const button = (picked && target?.querySelector<HTMLElement>('.schedule-grid__add')) || target?.querySelector<HTMLElement>('button');
      (button ?? target)?.focus();
    },
    [rows, cols, picked, onPick, onPlace],
  );

  // In pick mode a press anywhere in a cell (its shifts, its add button) places the picked shift there.
  const onClick = useCallback(
    (event: MouseEvent<HTMLTableElement>) => {
      const cell = (event.target as HTMLElement).closest<HTMLElement>('td[data-row]');
      if (!picked || !onPlace || !cell) return;
      event.preventDefault();
      onPlace(picked, { staffId: cell.dataset.staff!, day: cell.dataset.day! });
    },
    [picked, onPlace],
  );

  // A shift dragged to a cell moves there; with Ctrl (Alt on a Mac) held it is copied.
  const onDragStart = useCallback((event: DragEvent<HTMLTableElement>) => {
    const target = event.target as HTMLElement;
    const cell = target.closest<HTMLElement>('td[data-row]');
    if (!target.dataset.shift || !cell) return;
    dragged.current = { mode: 'move', shiftId: target.dataset.shift, fromDay: cell.dataset.day! };
    event.dataTransfer.effectAllowed = 'copyMove';
    event.dataTransfer.setData('text/plain', target.textContent ?? '');
  }, []);
  const onDragOver = useCallback((event: DragEvent<HTMLTableElement>) => {
    if (!dragged.current || !(event.target as HTMLElement).closest('td[data-row]')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = event.ctrlKey || event.altKey ? 'copy' : 'move';
  }, []);
  const onDrop = useCallback(
    (event: DragEvent<HTMLTableElement>) => {
      const cell = (event.target as HTMLElement).closest<HTMLElement>('td[data-row]');
      const pick = dragged.current;
      dragged.current = undefined;
      if (!pick || !cell || !onPlace) return;
      event.preventDefault();
      onPlace({ ...pick, mode: event.ctrlKey || event.altKey ? 'copy' : 'move' }, { staffId: cell.dataset.staff!, day: cell.dataset.day! });
    },
    [onPlace],
  );
  const onDragEnd = useCallback(() => {
    dragged.current = undefined;
  }, []);

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
      <table
        ref={table}
        role="grid"
        aria-label={label}
        aria-describedby={describedBy}
        aria-rowcount={rows + 1}
        className={picked ? 'schedule-grid schedule-grid--picking' : 'schedule-grid'}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onClick={onClick}
        onDragStart={canPick ? onDragStart : undefined}
        onDragOver={canPick ? onDragOver : undefined}
        onDrop={canPick ? onDrop : undefined}
        onDragEnd={canPick ? onDragEnd : undefined}
      >
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
              picking={picked?.mode}
              pickedId={picked?.shiftId}
              canPick={canPick}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
