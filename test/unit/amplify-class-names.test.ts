import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ComponentClassName } from '@aws-amplify/ui';
import { describe, expect, it } from 'vitest';
import { componentClassNames, inlineClassNames } from '../../frontend/build/amplify-class-names.ts';

/**
 * The build writes Amplify UI's class names into its primitives (frontend/build/amplify-class-names.ts):
 * the table read from its module is Amplify's own, and every primitive that reads it reads it no
 * longer, with the same strings in its place.
 */
const require = createRequire(join(import.meta.dirname, '../../frontend/package.json'));
const uiReact = join(dirname(require.resolve('@aws-amplify/ui-react')), 'esm');
const modules = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? modules(join(dir, entry.name)) : entry.name.endsWith('.mjs') ? [join(dir, entry.name)] : []));

describe("Amplify UI's class names written in at build", () => {
  const table = componentClassNames();

  it("read every entry of Amplify's ComponentClassName", () => {
    expect(table).toEqual({ ...ComponentClassName });
  });

  it('leave no primitive reading the table, each read replaced by its class name', () => {
    const readers = modules(uiReact).map((file) => readFileSync(file, 'utf8')).filter((code) => /import \{[^}]*\bComponentClassName\b[^}]*\} from '@aws-amplify\/ui';/.test(code));
    expect(readers.length).toBeGreaterThan(50);
    for (const code of readers) {
      const inlined = inlineClassNames(code, table);
      expect(inlined).not.toMatch(/\bComponentClassName\.\w/);
      const names = [...code.matchAll(/\bComponentClassName\.(\w+)\b/g)].map((match) => JSON.stringify(table[match[1]!]));
      for (const name of names) expect(inlined).toContain(name);
    }
  });

  it('leave a name the table does not have as it is', () => {
    expect(inlineClassNames('x(ComponentClassName.Button, ComponentClassName.NotAPart)', table)).toBe('x("amplify-button", ComponentClassName.NotAPart)');
  });
});
