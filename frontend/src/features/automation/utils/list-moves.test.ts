import { describe, expect, it } from 'vitest';
import { moveItem, removeAt } from './list-moves.ts';

describe('ordered lists', () => {
  it('moves an item one place up or down, and not past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a'], 5, 1)).toEqual(['a']);
  });

  it('removes one item and leaves the list it was given alone', () => {
    const items = ['a', 'b', 'c'];
    expect(removeAt(items, 1)).toEqual(['a', 'c']);
    expect(items).toEqual(['a', 'b', 'c']);
  });
});
