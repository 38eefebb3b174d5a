import { describe, expect, it } from 'vitest';
import { moveCell } from './grid-keys.ts';

describe('moveCell', () => {
  it('moves by arrows and stays inside the grid', () => {
    expect(moveCell({ row: 0, col: 0 }, 'ArrowRight', 3, 7)).toEqual({ row: 0, col: 1 });
    expect(moveCell({ row: 0, col: 0 }, 'ArrowUp', 3, 7)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 2, col: 6 }, 'ArrowDown', 3, 7)).toEqual({ row: 2, col: 6 });
    expect(moveCell({ row: 2, col: 6 }, 'ArrowRight', 3, 7)).toEqual({ row: 2, col: 6 });
    expect(moveCell({ row: 1, col: 3 }, 'ArrowLeft', 3, 7)).toEqual({ row: 1, col: 2 });
  });

  it('jumps with Home, End and the page keys', () => {
    expect(moveCell({ row: 1, col: 3 }, 'Home', 30, 7)).toEqual({ row: 1, col: 0 });
    expect(moveCell({ row: 1, col: 3 }, 'End', 30, 7, true)).toEqual({ row: 29, col: 6 });
    expect(moveCell({ row: 25, col: 3 }, 'PageDown', 30, 7)).toEqual({ row: 29, col: 3 });
    expect(moveCell({ row: 5, col: 3 }, 'PageUp', 30, 7)).toEqual({ row: 0, col: 3 });
  });

  it('leaves other keys alone', () => {
    expect(moveCell({ row: 0, col: 0 }, 'Enter', 3, 7)).toBeUndefined();
  });
});
