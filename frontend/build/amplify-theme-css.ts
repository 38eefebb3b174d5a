import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const COMPONENT_TOKEN = /--amplify-components-[\w-]+/g;
const DECLARATION = /^\s*(--amplify-components-[\w-]+)\s*:(.*?);\s*\n/gm;
const STYLE_IMPORT = /@aws-amplify\/ui-react\/styles\/([\w.-]+\.css)/g;
/** Where the stylesheets every page loads are imported (src-relative); any other module's load with its chunk. */
const SHELL_STYLE_FILES = ['main.tsx', 'ui/amplify-ui.css'];
/** A Button's `colorTheme` variations (`.amplify-button--primary--info`, ...): none when the portal never sets one. */
const COLOR_THEME = /\.amplify-button--(?:primary|outlined|link)--(?:info|warning|success|error|overlay)(?![\w-])/;
/** The menu button variation (`.amplify-button--menu`): none when no source names it. */
const MENU = /\.amplify-button--menu(?![\w-])/;
const RULE = /([^{}]+)\{([^{}]*)\}/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.(tsx?|css)$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

const stylesheetsIn = (source: string) => [...source.matchAll(STYLE_IMPORT)].map((match) => match[1]!);

/** Drops the rules whose every selector is one of `unused`. */
function withoutRules(css: string, unused: readonly RegExp[]): string {
  if (!unused.length) return css;
  const isUnused = (selector: string) => unused.some((pattern) => pattern.test(selector));
  return css.replace(RULE, (rule, selectors: string) => (selectors.split(',').every(isUnused) ? '' : rule));
}

/**
 * Amplify UI's base.css declares the design tokens of every Amplify component (about 11 kB gzip),
 * most of them for components the portal never shows. At build (issue 12: CSS budget):
 * - base.css keeps the `--amplify-components-*` tokens that the stylesheets every page loads
 *   (main.tsx, ui/amplify-ui.css) or the app's own code refer to, and the tokens those refer to;
 *   every other token (colours, space, fonts) stays;
 * - a stylesheet a page's module imports (table.css in ui/data-table.tsx, ...) brings the tokens it
 *   needs beyond those, so they load with that page;
 * - button.css loses the `colorTheme` variations when no source sets a colorTheme, and the menu
 *   variation when no source names it.
 * Transforms see a file as imported by a module; a CSS `@import` is inlined without them.
 */
export function amplifyThemeCss(srcDir: string): Plugin {
  const stylesDir = join(dirname(createRequire(import.meta.url).resolve('@aws-amplify/ui-react/styles.css')), 'styles');
  const read = (name: string) => readFileSync(join(stylesDir, name), 'utf8');
  let analysis: { shellTokens: Set<string>; values: Map<string, string>; unusedButtons: RegExp[] } | undefined;

  /** Tokens `css` refers to, with the tokens their values refer to. */
  const tokensOf = (css: string, values: Map<string, string>) => {
    const needed = new Set(css.match(COMPONENT_TOKEN));
    for (const token of needed) for (const referenced of values.get(token)?.match(COMPONENT_TOKEN) ?? []) needed.add(referenced);
    return needed;
  };

  const analyse = () => {
    const files = sourceFiles(srcDir);
    const sources = files.map((file) => readFileSync(file, 'utf8'));
    const unusedButtons = [
      ...(sources.some((source) => source.includes('colorTheme')) ? [] : [COLOR_THEME]),
      ...(sources.some((source) => /variation[=:]\s*\{?\s*["']menu["']/.test(source)) ? [] : [MENU]),
    ];
    const shellSheets = new Set(SHELL_STYLE_FILES.flatMap((file) => stylesheetsIn(readFileSync(join(srcDir, file), 'utf8'))));
    shellSheets.delete('base.css');
    const sheet = (name: string) => (name === 'button.css' ? withoutRules(read(name), unusedButtons) : read(name));
    const values = new Map([...read('base.css').matchAll(DECLARATION)].map((match) => [match[1]!, match[2]!]));
    // The app's own code and CSS (tokens.css sets some), and the shell's stylesheets.
    const shellTokens = tokensOf([...sources, ...[...shellSheets].map(sheet)].join('\n'), values);
    return { shellTokens, values, unusedButtons };
  };

  return {
    name: 'portal-amplify-theme-css',
    apply: 'build',
    // Before Vite's CSS plugins: the file as published, one declaration a line.
    enforce: 'pre',
    buildStart() {
      analysis = undefined;
    },
    transform(code, id) {
      const path = id.split('?')[0]!;
      if (dirname(path) !== stylesDir || !path.endsWith('.css')) return null;
      analysis ??= analyse();
      const { shellTokens, values, unusedButtons } = analysis;
      const name = path.slice(stylesDir.length + 1);
      if (name === 'base.css') {
        return { code: code.replace(DECLARATION, (declaration, token: string) => (shellTokens.has(token) ? declaration : '')), map: null };
      }
      const css = name === 'button.css' ? withoutRules(code, unusedButtons) : code;
      const own = [...tokensOf(css, values)].filter((token) => !shellTokens.has(token) && values.has(token));
      if (!own.length) return css === code ? null : { code: css, map: null };
      const declarations = own.map((token) => `  ${token}:${values.get(token)!};`).join('\n');
      return { code: `:root, [data-amplify-theme] {\n${declarations}\n}\n${css}`, map: null };
    },
  };
}
