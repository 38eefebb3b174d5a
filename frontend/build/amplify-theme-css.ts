import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const COMPONENT_TOKEN = /--amplify-components-[\w-]+/g;
const DECLARATION = /^\s*(--amplify-components-[\w-]+)\s*:(.*?);\s*\n/gm;
const STYLE_IMPORT = /@aws-amplify\/ui-react\/styles\/([\w.-]+\.css)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.(tsx?|css)$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/**
 * Amplify UI's base.css declares the design tokens of every Amplify component (about 11 kB gzip),
 * most of them for components the portal never shows. This keeps the `--amplify-components-*`
 * tokens that the per-component stylesheets the app imports, or the app's own code, refer to (and
 * the tokens those refer to); every other token (colours, space, fonts) stays. Issue 12: CSS budget.
 */
export function amplifyThemeCss(srcDir: string): Plugin {
  const stylesDir = join(dirname(createRequire(import.meta.url).resolve('@aws-amplify/ui-react/styles.css')), 'styles');
  return {
    name: 'portal-amplify-theme-css',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(join(stylesDir, 'base.css'))) return null;
      const sources = sourceFiles(srcDir).map((file) => readFileSync(file, 'utf8'));
      const stylesheets = new Set(sources.flatMap((source) => [...source.matchAll(STYLE_IMPORT)].map((match) => match[1]!)));
      stylesheets.delete('base.css');
      const referencing = [...sources, ...[...stylesheets].map((name) => readFileSync(join(stylesDir, name), 'utf8'))].join('\n');
      const values = new Map([...code.matchAll(DECLARATION)].map((match) => [match[1]!, match[2]!]));
      const needed = new Set(referencing.match(COMPONENT_TOKEN));
      for (const token of needed) for (const referenced of values.get(token)?.match(COMPONENT_TOKEN) ?? []) needed.add(referenced);
      return { code: code.replace(DECLARATION, (declaration, token: string) => (needed.has(token) ? declaration : '')), map: null };
    },
  };
}
