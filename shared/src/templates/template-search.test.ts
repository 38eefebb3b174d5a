import { describe, expect, it } from 'vitest';
import { searchKey } from '../text/search-key.ts';
import { searchText } from './template-search.ts';

describe('template search text', () => {
  it('folds like searchKey over title and message, beyond 64 characters', () => {
    const text = searchText('Schichtübergabe', `Bitte   die Straße räumen ${'x'.repeat(80)} Ende`);
    expect(text.startsWith('schichtubergabe bitte die strasse raumen')).toBe(true);
    expect(text.endsWith(' ende')).toBe(true);
    expect(text.includes(searchKey('STRAßE'))).toBe(true);
    expect(searchText('a'.repeat(600))).toHaveLength(512);
  });
});
