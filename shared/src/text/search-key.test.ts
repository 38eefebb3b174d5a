import { describe, expect, it } from 'vitest';
import { searchKey } from './search-key.ts';

describe('searchKey', () => {
  it('folds case, diacritics, ß and whitespace', () => {
    expect(searchKey('  Jörg   Straße ')).toBe('jorg strasse');
    expect(searchKey('ÉMILE')).toBe('emile');
  });

  it('caps the key at 64 characters', () => {
    expect(searchKey('a'.repeat(100))).toHaveLength(64);
  });
});
