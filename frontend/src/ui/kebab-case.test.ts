import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultTheme } from '@aws-amplify/ui';
import kebabCase from './kebab-case.ts';

const require = createRequire(import.meta.url);
/** lodash's, which Amplify UI imports and the build replaces (frontend/build/amplify-theme-tokens.ts). */
const lodashKebabCase = require('lodash/kebabCase.js') as (value: unknown) => string;

/** Every path of the default theme's tokens and breakpoints, as Amplify names them: `amplify` and the path, with spaces. */
function namesOf(value: unknown, path: string[] = ['amplify']): string[] {
  if (!value || typeof value !== 'object') return [path.join(' ')];
  return [path.join(' '), ...Object.entries(value).flatMap(([key, child]) => namesOf(child, [...path, key]))];
}

describe('kebabCase', () => {
  it('names every token of Amplify’s default theme as lodash does', () => {
    const names = namesOf({ tokens: defaultTheme.tokens, breakpoints: defaultTheme.breakpoints });
    expect(names.length).toBeGreaterThan(1000);
    for (const name of names) expect(kebabCase(name), name).toBe(lodashKebabCase(name));
    expect(kebabCase('amplify colors neutral 10')).toBe('amplify-colors-neutral-10');
    expect(kebabCase('amplify fontSizes xxl')).toBe('amplify-font-sizes-xxl');
  });

  it('splits words as lodash does on any ASCII text', () => {
    const ascii = fc.string({ unit: fc.constantFrom(...'aBz09 _-.XMLHttp2nd1st3RD4thB'.split('')), maxLength: 24 });
    fc.assert(fc.property(ascii, (text) => kebabCase(text) === lodashKebabCase(text)), { numRuns: 2000 });
    for (const text of ['paddingTop', 'XMLHttpRequest', 'font.primary', 'border_width', 'item 2nd', '1ST2ND', "it's", '']) {
      expect(kebabCase(text), text).toBe(lodashKebabCase(text));
    }
  });
});
