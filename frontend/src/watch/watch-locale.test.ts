import { describe, expect, it } from 'vitest';
import de from './locales/de.json';
import en from './locales/en.json';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));

describe('watch locale', () => {
  it('shows the connection state in English and German, with the same keys', () => {
    expect(en.connection).toMatchObject({ connected: 'Connected', disconnected: 'Disconnected' });
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });
});
