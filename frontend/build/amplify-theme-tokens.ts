import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** Amplify UI's default theme's per-component tokens (`theme.tokens.components`), one module for all 57 components. */
export const COMPONENT_TOKENS = /[\\/]@aws-amplify[\\/]ui[\\/]dist[\\/]esm[\\/]theme[\\/]tokens[\\/]components[\\/]index\.mjs$/;

/** Amplify UI's theme utilities, which name the CSS variables with lodash's `kebabCase`. */
const THEME_UTILS = /[\\/]@aws-amplify[\\/]ui[\\/]dist[\\/]esm[\\/]theme[\\/]createTheme[\\/]utils\.mjs$/;

/** What reads the JavaScript theme's tokens at run time: Amplify's hook, or the tokens' path itself. */
const READS_COMPONENT_TOKENS = /\buseTheme\b|\btokens\.components\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/** The sources (src-relative) that read the JavaScript theme, which the stub below would leave without component tokens. */
export function themeReaders(srcDir: string): string[] {
  return sourceFiles(srcDir)
    .filter((file) => !/\.test\.tsx?$/.test(file) && READS_COMPONENT_TOKENS.test(readFileSync(file, 'utf8')))
    .map((file) => file.slice(srcDir.length + 1));
}

/**
 * Amplify UI's ThemeProvider builds the default theme in JavaScript at start, with the design tokens
 * of every Amplify component (storage manager, file uploader, AI conversation, ...): about 50 kB
 * minified in the chunk every page loads (issue 30). The primitives read only the theme's
 * breakpoints and its colour, space, font and other global tokens (their style props); the
 * components' tokens reach the page as CSS variables (base.css, amplify-theme-css.ts), which this
 * leaves alone. At build the components' tokens are an empty object; the build fails when the
 * app's own code starts reading the JavaScript theme (`useTheme`, `tokens.components`).
 * The theme's CSS variable names come from src/ui/kebab-case.ts instead of lodash's `kebabCase`
 * and its Unicode tables (4.5 kB minified), held to the same names by its test.
 */
export function amplifyThemeTokens(srcDir: string): Plugin {
  return {
    name: 'portal-amplify-theme-tokens',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      const readers = themeReaders(srcDir);
      if (readers.length) {
        this.error(`${readers.join(', ')} read Amplify's JavaScript theme, whose component tokens frontend/build/amplify-theme-tokens.ts leaves out`);
      }
    },
    resolveId(source, importer) {
      return source === 'lodash/kebabCase.js' && importer && THEME_UTILS.test(importer.split('?')[0]!) ? join(srcDir, 'ui', 'kebab-case.ts') : null;
    },
    load(id) {
      return COMPONENT_TOKENS.test(id.split('?')[0]!) ? { code: 'export const components = {};\n', map: null } : null;
    },
  };
}
