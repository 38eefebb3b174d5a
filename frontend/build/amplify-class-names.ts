import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** Amplify UI's primitives' modules (ui-react's ESM build). */
const PRIMITIVES = /[\\/]@aws-amplify[\\/]ui-react[\\/]dist[\\/]esm[\\/]/;

/** A module taking the class-name table from `@aws-amplify/ui` (not a component's own `ComponentClassName`, such as AccountSettings'). */
const IMPORTS_TABLE = /import \{[^}]*\bComponentClassName\b[^}]*\} from '@aws-amplify\/ui';/;

/** `ComponentClassName.Button`: the only way ui-react reads the table. */
const READ = /\bComponentClassName\.(\w+)\b/g;

/** Amplify UI's `ComponentClassName` (component name to CSS class), read from the module that defines it. */
export function componentClassNames(): Record<string, string> {
  const ui = dirname(createRequire(import.meta.url).resolve('@aws-amplify/ui'));
  const source = readFileSync(join(ui, 'esm', 'types', 'primitives', 'componentClassName.mjs'), 'utf8');
  const table = Object.fromEntries([...source.matchAll(/^\s+(\w+): '([^'\\]+)',$/gm)].map((match) => [match[1]!, match[2]!]));
  // Every line between the braces is an entry: a line the pattern missed would leave its name unreplaced, not wrong.
  const entries = source.slice(source.indexOf('{') + 1, source.indexOf('};')).split('\n').filter((line) => line.trim()).length;
  if (!entries || Object.keys(table).length !== entries) throw new Error(`Read ${Object.keys(table).length} of ${entries} entries of Amplify UI's ComponentClassName`);
  return table;
}

/** A primitive's code with each `ComponentClassName.Name` it reads written as the class name; names not in the table stay as they are. */
export function inlineClassNames(code: string, table: Record<string, string>): string {
  return code.replace(READ, (read, name: string) => (Object.hasOwn(table, name) ? JSON.stringify(table[name]) : read));
}

/**
 * Amplify UI's primitives name their CSS classes through `ComponentClassName`, one object with the
 * classes of all 207 component parts (accordion, authenticator, storage manager, ...): about 10 kB
 * minified, 1.9 kB gzip in the chunk every page loads, of which a page uses a few dozen. At build
 * each primitive reads its class names as string literals, the same strings, so the table is no
 * longer read and leaves the bundle (test/unit/amplify-class-names.test.ts).
 */
export function amplifyClassNames(): Plugin {
  let table: Record<string, string> = {};
  return {
    name: 'portal-amplify-class-names',
    apply: 'build',
    buildStart() {
      table = componentClassNames();
    },
    transform(code, id) {
      if (!PRIMITIVES.test(id.split('?')[0]!) || !IMPORTS_TABLE.test(code)) return null;
      return { code: inlineClassNames(code, table), map: null };
    },
  };
}
