/** A cell of the planner's grid: row (staff) and column (day). */
export interface GridCell {
  row: number;
  col: number;
}

/**
 * Where an arrow, Home/End or Page key moves the active cell (the ARIA grid pattern); undefined
 * for other keys, so they keep their meaning. Stays inside the grid.
 */
export function moveCell(cell: GridCell, key: string, rows: number, cols: number, ctrl = false): GridCell | undefined {
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), Math.max(max - 1, 0));
  switch (key) {
    case 'ArrowUp':
      return { row: clamp(cell.row - 1, rows), col: cell.col };
    case 'ArrowDown':
      return { row: clamp(cell.row + 1, rows), col: cell.col };
    case 'ArrowLeft':
      return { row: cell.row, col: clamp(cell.col - 1, cols) };
    case 'ArrowRight':
      return { row: cell.row, col: clamp(cell.col + 1, cols) };
    case 'Home':
      return ctrl ? { row: 0, col: 0 } : { row: cell.row, col: 0 };
    case 'End':
      return ctrl ? { row: clamp(rows - 1, rows), col: clamp(cols - 1, cols) } : { row: cell.row, col: clamp(cols - 1, cols) };
    case 'PageUp':
      return { row: clamp(cell.row - 10, rows), col: cell.col };
    case 'PageDown':
      return { row: clamp(cell.row + 10, rows), col: cell.col };
    default:
      return undefined;
  }
}
