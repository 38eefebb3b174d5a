import { describe, expect, it } from 'vitest';
import { resources } from '../../../lib/i18n-resources.ts';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
const locale = (language: string) => resources[language]?.schedule as unknown as Tree;

describe('schedule locale', () => {
  it('has the same keys in English and German', () => {
    expect(keys(locale('de')).sort()).toEqual(keys(locale('en')).sort());
  });

  it('names the ISO week in both languages', () => {
    expect((locale('en').toolbar as Tree).week).toBe('Week {{week}}, {{year}}');
    expect((locale('de').toolbar as Tree).week).toBe('KW {{week}}, {{year}}');
  });
});
